using System.Reflection;
using System.Runtime.InteropServices;

namespace Sorcha.Cryptography;

/// <summary>
/// Finds and initialises libsodium once per process. It is used only when it loads, initialises and passes a
/// self-test on vectors where Ed25519 implementations are known to disagree (so a libsodium whose rules differ from
/// <see cref="Ed25519Rules"/> is never used); otherwise, or when <c>SORCHA_CRYPTO_BACKEND=managed</c>, the managed
/// code runs. Nothing is logged here: <see cref="CryptoBackend"/> says which backend is active and why.
/// </summary>
internal static class Sodium
{
    public const string EnvironmentVariable = "SORCHA_CRYPTO_BACKEND";

    /// <summary>The names tried, in order: the versioned sonames first because distributions ship only those.</summary>
    public static IReadOnlyList<string> Candidates { get; } =
        OperatingSystem.IsWindows() ? ["libsodium.dll", "libsodium"]
        : OperatingSystem.IsMacOS() ? ["libsodium.dylib", "libsodium.26.dylib", "libsodium.23.dylib", "libsodium"]
        : ["libsodium.so.23", "libsodium.so.26", "libsodium.so", "libsodium"];

    // After Candidates: static fields initialise in textual order.
    private static readonly (bool Available, string? Version, string Reason) _state = Load();

    public static bool IsAvailable => _state.Available;

    public static string? Version => _state.Version;

    /// <summary>How the backend was chosen: the library file name, or why libsodium is not used.</summary>
    public static string Reason => _state.Reason;

    private static (bool, string?, string) Load()
    {
        if (string.Equals(Environment.GetEnvironmentVariable(EnvironmentVariable), "managed", StringComparison.OrdinalIgnoreCase))
        {
            return (false, null, $"{EnvironmentVariable}=managed");
        }

        var assembly = typeof(Sodium).Assembly;
        var found = Candidates.Select(name => (Name: name, Handle: TryLoad(name, assembly))).FirstOrDefault(c => c.Handle != 0);
        if (found.Handle == 0)
        {
            return (false, null, $"libsodium not found (tried {string.Join(", ", Candidates)})");
        }

        try
        {
            NativeLibrary.SetDllImportResolver(assembly, (name, _, _) => name == LibSodium.Name ? found.Handle : 0);
            if (LibSodium.Init() < 0)
            {
                return (false, null, $"sodium_init failed in {found.Name}");
            }

            var version = Marshal.PtrToStringAnsi(LibSodium.VersionString());
            return SodiumSelfTest.Run() is { } failure
                ? (false, version, $"{found.Name} {version} failed the self-test ({failure})")
                : (true, version, found.Name);
        }
        catch (Exception e) when (e is EntryPointNotFoundException or DllNotFoundException or InvalidOperationException
            or System.Security.Cryptography.CryptographicException)
        {
            // A type initializer that throws would break every signature in the process; fall back instead.
            return (false, null, $"{found.Name} could not be used: {e.Message}");
        }
    }

    private static nint TryLoad(string name, Assembly assembly) =>
        NativeLibrary.TryLoad(name, assembly, null, out var handle) ? handle : 0;
}
