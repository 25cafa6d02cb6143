using System.Net;
using System.Text.Json;
using Sorcha.AppHost;
using Sorcha.AppHost.Hosting;
using Sorcha.IntegrationTests.Infrastructure;
using Sorcha.Testing.Platform.OpenApi;

namespace Sorcha.IntegrationTests.Gateway;

/// <summary>Routes an operator added through configuration (<see cref="OperatorPlatformFixture"/>): balancing, a dead replica, retries.</summary>
[Collection(OperatorScope.Name)]
public sealed class GatewayRouteTests(OperatorPlatformFixture platform)
{
    [Fact]
    public async Task A_route_from_configuration_balances_over_the_live_replicas_and_avoids_the_dead_one()
    {
        // The operator's routes to stub backends are not Sorcha's API: no document describes them.
        using var outsideTheDocuments = OpenApiValidatingHandler.BadInputScope();
        using var client = await platform.ClientAsync("gateway-probe");
        var answers = new List<string>();
        for (var i = 0; i < 60; i++)
        {
            // GETs and POSTs alike: a refused connection never reached the dead replica, so even a POST moves on.
            using var response = i % 3 == 0
                ? await client.PostAsync($"/api/probe/items", new StringContent($"post-{i}"))
                : await client.GetAsync($"/api/probe/items/{i}");
            var body = await response.Content.ReadAsStringAsync();
            Assert.True(response.StatusCode == HttpStatusCode.OK, $"request {i}: {(int)response.StatusCode} {body}");
            // Raw: the stub backend's own { replica } answer, which no record describes.
            answers.Add(JsonDocument.Parse(body).RootElement.Str("replica"));
        }

        foreach (var replica in (string[])["a", "b"])
        {
            var count = answers.Count(a => a == replica);
            Assert.True(count >= 15, $"replica {replica} answered {count} of 60: not balanced");
        }

        var received = platform.A.Received.Concat(platform.B.Received).ToList();
        Assert.Equal(60, received.Count);
        Assert.All(Enumerable.Range(0, 20).Select(i => $"POST /api/probe/items post-{3 * i}"),
            post => Assert.Single(received, post));
        var dead = $"Forwarding to probe at {platform.Dead}";
        Assert.True(await platform.App.OutputContainsAsync([SorchaApp.Gateway], l => l.Contains(dead, StringComparison.Ordinal)), $"no \"{dead}\" in the gateway's output");
    }

    [Fact]
    public async Task A_forwarded_request_carries_the_callers_headers_and_the_trace_but_no_X_Forwarded_headers()
    {
        // The operator's routes to stub backends are not Sorcha's API: no document describes them.
        using var outsideTheDocuments = OpenApiValidatingHandler.BadInputScope();
        using var client = await platform.ClientAsync("gateway-headers");
        var path = "/api/probe/headers/" + Guid.NewGuid().ToString("N");
        var trace = System.Diagnostics.ActivityTraceId.CreateRandom().ToHexString();
        using var request = new HttpRequestMessage(HttpMethod.Get, path);
        request.Headers.Add("traceparent", $"00-{trace}-{System.Diagnostics.ActivitySpanId.CreateRandom().ToHexString()}-01");
        request.Headers.Add("X-Caller-Note", "kept");
        using var response = await client.SendAsync(request);
        Assert.Equal(HttpStatusCode.OK, response.StatusCode);

        var headers = (platform.A.HeadersByPath.TryGetValue(path, out var a) ? a : null)
            ?? Assert.Contains(path, (IDictionary<string, Dictionary<string, string>>)platform.B.HeadersByPath);
        Assert.Equal("kept", headers["X-Caller-Note"]);
        Assert.StartsWith("Bearer ", headers["Authorization"], StringComparison.Ordinal);
        // No service reads them (docs/deploy.md): the gateway does not build them.
        Assert.DoesNotContain(headers.Keys, k => k.StartsWith("X-Forwarded-", StringComparison.OrdinalIgnoreCase));
        // This platform traces (it runs the dashboard): the service's span is a child of the gateway's, in the caller's trace.
        Assert.Contains($"-{trace}-", headers["traceparent"], StringComparison.Ordinal);
    }

    [Fact]
    public async Task A_POST_that_reached_a_replica_which_then_failed_is_never_sent_again()
    {
        // The operator's routes to stub backends are not Sorcha's API: no document describes them.
        using var outsideTheDocuments = OpenApiValidatingHandler.BadInputScope();
        using var client = await platform.ClientAsync("gateway-fragile");
        var id = Guid.NewGuid().ToString("N");
        using var response = await client.PostAsync("/api/fragile/actions", new StringContent(id));

        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadGateway);
        var received = platform.FragileA.Received.Concat(platform.FragileB.Received).Where(r => r.EndsWith(id, StringComparison.Ordinal));
        Assert.Single(received);
    }

    [Fact]
    public async Task A_GET_that_reached_a_replica_which_then_failed_is_sent_to_the_other_replica()
    {
        // The operator's routes to stub backends are not Sorcha's API: no document describes them.
        using var outsideTheDocuments = OpenApiValidatingHandler.BadInputScope();
        using var client = await platform.ClientAsync("gateway-fragile-get");
        var path = "/api/fragile/items/" + Guid.NewGuid().ToString("N");
        using var response = await client.GetAsync(path);

        // Both replicas drop it, so the client still sees the failure, but only after the second replica was tried.
        await ProblemAssert.IsProblemAsync(response, HttpStatusCode.BadGateway);
        Assert.Single(platform.FragileA.Received, $"GET {path} ");
        Assert.Single(platform.FragileB.Received, $"GET {path} ");
    }

    [Fact]
    public async Task A_service_with_no_replica_left_to_forward_to_is_a_503_problem_with_Retry_After()
    {
        // The operator's routes to stub backends are not Sorcha's API: no document describes them.
        using var outsideTheDocuments = OpenApiValidatingHandler.BadInputScope();
        using var client = await platform.ClientAsync("gateway-unready");

        // Until YARP's probe (every second, two failures in a row) has taken the one replica out, it is still tried and
        // drops the request: a 502. Then no replica is left, which the gateway answers itself.
        HttpResponseMessage response;
        var deadline = DateTime.UtcNow.AddSeconds(60);
        while ((response = await client.GetAsync("/api/unready/items/1")).StatusCode == HttpStatusCode.BadGateway && DateTime.UtcNow < deadline)
        {
            response.Dispose();
            await Task.Delay(200);
        }

        using (response)
        {
            var problem = await ProblemAssert.ReadAsync(response, HttpStatusCode.ServiceUnavailable);
            Assert.Equal("1", Assert.Single(response.Headers.GetValues("Retry-After")));
            Assert.Contains("unready", problem.Detail, StringComparison.Ordinal);
        }
    }
}
