using Sorcha.AppHost;

namespace Sorcha.FaultTests.Reliability;

public static class PlatformLogs
{
    /// <summary>The gateway's last forwarding failures: why a client saw a 502, in the test's own output.</summary>
    public static string ForwardingFailures(PlatformFixture platform, int last = 20) => string.Join('\n',
        platform.App[SorchaApp.Gateway].Logs().Where(l => l.Contains("Forwarding to", StringComparison.Ordinal)).TakeLast(last));
}
