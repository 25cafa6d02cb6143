using Sorcha.AppHost.Dashboard;

namespace Sorcha.IntegrationTests.Foundation;

/// <summary>The dashboard reads each output line's level from what the processes print (no network: pure parsing).</summary>
public sealed class LogLevelsTests
{
    [Theory]
    [InlineData("[20:42:42.123 INF] Microsoft.Hosting.Lifetime: Now listening on: http://127.0.0.1:5123 ", "INF")]
    [InlineData("[20:42:42.123 WRN] Sorcha.Wallet: slow ", "WRN")]
    [InlineData("[20:42:42.123 ERR] Serilog.AspNetCore.RequestLoggingMiddleware: HTTP POST /api/x responded 500 ", "ERR")]
    [InlineData("[20:42:42.123 DBG] x: y", "DBG")]
    [InlineData("4242:M 24 Nov 2026 20:42:42.123 * Ready to accept connections tcp", "INF")]
    [InlineData("4242:M 24 Nov 2026 20:42:42.123 # WARNING Memory overcommit must be enabled!", "WRN")]
    [InlineData("[apphost] exited unexpectedly with code 137 after 3.1 s; restarting in 0.5 s", "WRN")]
    [InlineData("[apphost] restarted (pid 42) and ready, 1.2 s after its start", "INF")]
    [InlineData("Unhandled exception. System.InvalidOperationException: boom", "FTL")]
    [InlineData("   at Sorcha.Wallet.Service.Program.Main()", null)]
    [InlineData("An ERR] in the middle [20:42:42.123 ERR] is no level", null)]
    public void A_line_states_its_level_or_none(string line, string? level) => Assert.Equal(level, LogLevels.Of(line));

    [Fact]
    public void A_line_without_a_level_continues_the_event_before_it()
    {
        string[] lines = ["stray output", "[20:42:42.123 ERR] x: failed", "System.Exception: boom", "   at Y()", "[20:42:42.200 INF] x: fine"];

        Assert.Equal(["?", "ERR", "ERR", "ERR", "INF"], LogLevels.Classify(lines).Select(l => l.Level));
    }
}
