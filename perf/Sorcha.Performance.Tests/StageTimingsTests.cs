using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Tests;

public class StageTimingsTests
{
    [Fact]
    public void Server_timing_entries_with_a_duration_are_read_across_header_lines()
    {
        var stages = StageTimings.Parse(["load;dur=0.41, engine;dur=1.5", "sign;desc=\"Ed25519\";dur=0.2, cache;desc=hit"]).ToList();

        Assert.Equal([("load", 0.41), ("engine", 1.5), ("sign", 0.2)], stages);
    }

    [Theory]
    [InlineData(";dur=1")]
    [InlineData("x;dur=abc")]
    [InlineData("x")]
    [InlineData(" , ")]
    public void Malformed_entries_are_skipped(string header) => Assert.Empty(StageTimings.Parse([header]));

    [Fact]
    public void A_meter_summarises_each_stage_over_its_responses()
    {
        var meter = new ScenarioMeter("s");
        foreach (var ms in new[] { 1.0, 2, 3, 4 })
        {
            meter.Stage("commit", ms);
        }

        var commit = meter.Stages()["commit"];
        Assert.Equal(4, commit.Count);
        Assert.Equal(2.5, commit.Mean);
        Assert.Equal(2, commit.P50);
        Assert.Equal(4, commit.P95);
    }

    [Fact]
    public async Task A_step_is_timed_from_its_first_write_to_the_socket_to_its_last_read_not_from_its_own_work()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var serving = ServeAsync(listener, responses: 2);
        using var context = new LoadContext(new Uri($"http://127.0.0.1:{((IPEndPoint)listener.LocalEndpoint).Port}/"), "unused");
        var trace = new RequestTrace(meter: null);
        StageTimings.Current.Value = trace;
        var stepStart = Stopwatch.GetTimestamp();

        Thread.Sleep(30); // the step's own work before it sends: the harness's time, not the server's
        using (await context.Http.GetAsync("first"))
        {
        }

        using (await context.Http.GetAsync("second"))
        {
        }

        var stepEnd = Stopwatch.GetTimestamp();
        var (firstRequestAt, lastResponseAt) = await serving;
        Assert.True(Stopwatch.GetElapsedTime(stepStart, trace.FirstSentAt!.Value) >= TimeSpan.FromMilliseconds(30));
        Assert.True(trace.FirstSentAt <= firstRequestAt, "the clock starts before the request reaches the server");
        Assert.True(trace.LastReceivedAt >= lastResponseAt, "and stops after the last response left it");
        Assert.True(trace.LastReceivedAt <= stepEnd, "at the read, before the step ends");
    }

    /// <summary>A one-connection HTTP/1.1 server: when the first request arrived and when the last response was written.</summary>
    private static async Task<(long FirstRequestAt, long LastResponseAt)> ServeAsync(TcpListener listener, int responses)
    {
        using var client = await listener.AcceptTcpClientAsync();
        var stream = client.GetStream();
        var buffer = new byte[4096];
        long first = 0, last = 0;
        for (var i = 0; i < responses; i++)
        {
            var request = "";
            while (!request.Contains("\r\n\r\n", StringComparison.Ordinal))
            {
                request += Encoding.ASCII.GetString(buffer, 0, await stream.ReadAsync(buffer));
            }

            first = first == 0 ? Stopwatch.GetTimestamp() : first;
            await Task.Delay(20);
            last = Stopwatch.GetTimestamp();
            await stream.WriteAsync("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}"u8.ToArray());
        }

        return (first, last);
    }
}
