using System.Globalization;

namespace Sorcha.Testing.Platform;

/// <summary>
/// The record of every platform a test process starts, one line each in <see cref="TestSettings.PlatformStartsFile"/>
/// (when set): a start is most of a cross-process suite's time on two cores, so .ci/run counts them and fails past its
/// budget instead of letting a new fixture add one quietly.
/// </summary>
public static class PlatformStarts
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(10);

    /// <summary>Appends "time fixture replicas=N redis=provider pid=P" under an exclusive lock: two test processes may start at once.</summary>
    public static async Task RecordAsync(string fixture, int replicas, string? redisProvider)
    {
        if (TestSettings.PlatformStartsFile is not { } file)
        {
            return;
        }

        var line = string.Create(CultureInfo.InvariantCulture,
            $"{DateTime.UtcNow:O} {fixture} replicas={replicas} redis={redisProvider ?? "default"} pid={Environment.ProcessId}\n");
        var started = TimeProvider.System.GetTimestamp();
        while (true)
        {
            try
            {
                // FileShare.None is an exclusive lock on Linux too (.NET takes flock), so no two appends interleave.
                await using var stream = new FileStream(file, FileMode.Append, FileAccess.Write, FileShare.None);
                await using var writer = new StreamWriter(stream);
                await writer.WriteAsync(line);
                return;
            }
            catch (IOException) when (TimeProvider.System.GetElapsedTime(started) < Patience)
            {
                await Task.Delay(20);
            }
        }
    }
}
