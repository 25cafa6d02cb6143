using System.Runtime.CompilerServices;

namespace Sorcha.Testing;

/// <summary>
/// The test run's own settings, read once when this assembly loads: a platform started in this process keeps only an
/// allow-list of its environment (Sorcha.AppHost's CleanEnvironment), so a fixture that reads them later still sees them.
/// </summary>
public static class TestSettings
{
    /// <summary>SORCHA_TEST_REDIS_PROVIDER: skip to this Redis provider (redis-server, garnet, cluster).</summary>
    public static string? RedisProvider { get; private set; }

    /// <summary>SORCHA_TEST_REPLICAS: processes per service (default 1).</summary>
    public static int Replicas { get; private set; } = 1;

    /// <summary>ConnectionStrings__redis: an outside Redis for the in-process service tests.</summary>
    public static string? RedisConnectionString { get; private set; }

    /// <summary>SORCHA_UPDATE_OPENAPI=1: rewrite docs/openapi/ from the served documents instead of comparing.</summary>
    public static bool UpdateOpenApi { get; private set; }

    /// <summary>SORCHA_PLATFORM_STARTS: a file every platform start appends a line to (.ci/run counts them).</summary>
    public static string? PlatformStartsFile { get; private set; }

    [ModuleInitializer]
    [System.Diagnostics.CodeAnalysis.SuppressMessage("Usage", "CA2255", Justification = "Read before any platform cleans the environment.")]
    internal static void Read()
    {
        RedisProvider = Environment.GetEnvironmentVariable("SORCHA_TEST_REDIS_PROVIDER") is { Length: > 0 } p ? p : null;
        Replicas = int.TryParse(Environment.GetEnvironmentVariable("SORCHA_TEST_REPLICAS"), out var n) ? n : 1;
        UpdateOpenApi = Environment.GetEnvironmentVariable("SORCHA_UPDATE_OPENAPI") == "1";
        RedisConnectionString = Environment.GetEnvironmentVariable("ConnectionStrings__redis") is { Length: > 0 } c ? c : null;
        PlatformStartsFile = Environment.GetEnvironmentVariable("SORCHA_PLATFORM_STARTS") is { Length: > 0 } f ? Path.GetFullPath(f) : null;
    }
}
