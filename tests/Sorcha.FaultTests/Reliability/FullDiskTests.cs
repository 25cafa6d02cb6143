using Xunit.Abstractions;

namespace Sorcha.FaultTests.Reliability;

/// <summary>Redis's disk fills under load: its AOF write fails and it refuses writes until a retry succeeds (MISCONF).</summary>
[Collection(FullDiskScope.Name)]
public sealed class FullDiskTests(FullDiskPlatformFixture platform, ITestOutputHelper output)
{
    [SkippableFact]
    public Task A_full_disk_refuses_writes_with_503_keeps_reads_and_loses_nothing_and_writes_resume_when_space_is_freed() => platform.ExplainFailureAsync(async () =>
    {
        Skip.If(platform.SkipReason is not null, platform.SkipReason);
        var filler = Path.Combine(platform.RedisDirectory, "filler");
        await WritesRefused.AssertAsync(platform, "full-disk", () => Fill(filler), () =>
        {
            File.Delete(filler);
            return Task.CompletedTask;
        }, output);
    });

    /// <summary>Writes the file until the filesystem has no room left (1 MiB, then 4 KiB at a time).</summary>
    private static async Task Fill(string path)
    {
        await using var file = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, 0);
        foreach (var size in new[] { 1 << 20, 4 << 10 })
        {
            var chunk = new byte[size];
            try
            {
                while (true)
                {
                    await file.WriteAsync(chunk);
                }
            }
            catch (IOException)
            {
                // no space for another chunk of this size
            }
        }
    }
}
