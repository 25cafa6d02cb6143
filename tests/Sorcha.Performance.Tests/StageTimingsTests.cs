using System.Diagnostics;
using System.Net;
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
    public async Task A_step_is_timed_from_its_first_send_to_its_last_response_not_from_its_own_preparation()
    {
        var server = new Recording();
        using var http = new HttpClient(new StageTimings(server)) { BaseAddress = new Uri("http://localhost/") };
        var trace = new RequestTrace(meter: null);
        StageTimings.Current.Value = trace;
        var stepStart = Stopwatch.GetTimestamp();

        Thread.Sleep(30); // the step's own work before it sends: the harness's time, not the server's
        using (await http.GetAsync("first"))
        {
        }

        using (await http.GetAsync("second"))
        {
        }

        Assert.True(Stopwatch.GetElapsedTime(stepStart, trace.FirstSentAt!.Value) >= TimeSpan.FromMilliseconds(30));
        Assert.True(trace.FirstSentAt <= server.Received[0], "the clock starts before the request leaves");
        Assert.True(trace.LastResponseAt >= server.Received[1], "and stops after the last response arrived");
    }

    private sealed class Recording : HttpMessageHandler
    {
        public List<long> Received { get; } = [];

        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Received.Add(Stopwatch.GetTimestamp());
            return Task.FromResult(new HttpResponseMessage(HttpStatusCode.OK) { Content = new StringContent("{}") });
        }
    }
}
