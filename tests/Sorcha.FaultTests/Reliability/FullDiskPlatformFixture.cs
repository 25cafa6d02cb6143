using System.Diagnostics;

namespace Sorcha.FaultTests.Reliability;

/// <summary>
/// A platform whose Redis (redis-server: Garnet fails otherwise on a full disk) keeps its AOF on a tmpfs of
/// <see cref="SizeMb"/> MB, so a test can fill the disk. Mounting needs root: elsewhere the fixture does not start and
/// says why (<see cref="SkipReason"/>), except under CI, where the machine is ours and a failed mount fails the run.
/// 32 MB stays under Redis's automatic AOF rewrite (64 MB), which would otherwise add its own writes. Not the fault
/// platform's Redis: that one runs with appendfsync always, under which a failed AOF write makes Redis exit instead of
/// refusing writes (docs/reliability.md, "A full disk").
/// </summary>
public sealed class FullDiskPlatformFixture : PlatformFixture
{
    public const int SizeMb = 32;

    public string RedisDirectory => Path.Combine(DataDirectory, "redis");

    public string? SkipReason { get; private set; }

    protected override int Replicas => 1;

    protected override string? RedisProvider => "redis-server";

    public override async Task InitializeAsync()
    {
        Directory.CreateDirectory(RedisDirectory);
        var (code, error) = await RunAsync("mount", "-t", "tmpfs", "-o", $"size={SizeMb}m", "sorcha-full-disk", RedisDirectory);
        if (code != 0)
        {
            SkipReason = $"mounting a {SizeMb} MB tmpfs for Redis's data needs root: mount exited {code} ({error.Trim()})";
            Assert.False(string.Equals(Environment.GetEnvironmentVariable("CI"), "true", StringComparison.OrdinalIgnoreCase), SkipReason);
            return;
        }

        await base.InitializeAsync();
    }

    public override async Task DisposeAsync()
    {
        await base.DisposeAsync();
        if (SkipReason is null)
        {
            await RunAsync("umount", "-l", RedisDirectory);
            Directory.Delete(DataDirectory, recursive: true);
        }
    }

    private static async Task<(int Code, string Error)> RunAsync(string file, params string[] args)
    {
        try
        {
            using var process = Process.Start(new ProcessStartInfo(file, args) { RedirectStandardError = true, RedirectStandardOutput = true })!;
            var error = await process.StandardError.ReadToEndAsync();
            await process.WaitForExitAsync();
            return (process.ExitCode, error);
        }
        catch (System.ComponentModel.Win32Exception e)
        {
            return (-1, e.Message);
        }
    }
}

[CollectionDefinition(Name)]
public sealed class FullDiskScope : ICollectionFixture<FullDiskPlatformFixture>
{
    public const string Name = "full disk";
}
