extern alias Gateway;

using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net.Http.Json;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry.Trace;

namespace Sorcha.Gateway.Tests;

/// <summary>
/// The gateway in process with traces recorded (a sampler set): a request its catch-all route forwards is named by the
/// service's API route, as the service names its own (no service runs here: the request is refused for want of a
/// token, after its route was chosen, which is all the naming needs).
/// </summary>
public sealed class GatewaySpanNamesTests
{
    [Theory]
    [InlineData("POST", "/api/instances/0123abcd/actions/submit", "POST /api/instances/{instanceId}/actions/{actionId}")]
    [InlineData("GET", "/api/registers/r-1/dockets/3", "GET /api/registers/{id}/dockets/{number}")]
    [InlineData("GET", "/api/instances/0123abcd/nothing-here", "GET /api/instances/{**rest}")]
    public async Task A_forwarded_request_is_named_by_the_services_route(string method, string path, string name)
    {
        var spans = new SpanList();
        await using var gateway = new WebApplicationFactory<Gateway::Program>().WithWebHostBuilder(b =>
        {
            b.UseEnvironment("Development");
            b.UseSetting("OTEL_TRACES_SAMPLER", "always_on");
            b.ConfigureServices(s => s.ConfigureOpenTelemetryTracerProvider(t => t.AddInMemoryExporter(spans)));
        });
        using var client = gateway.CreateClient();
        using var request = new HttpRequestMessage(new HttpMethod(method), path) { Content = method == "POST" ? JsonContent.Create(new { }) : null };
        using var response = await client.SendAsync(request);

        Assert.True(await Poll.UntilAsync(() => spans.Server(path) is not null, TimeSpan.FromSeconds(10)), $"no server span for {path}");
        var span = spans.Server(path)!;
        Assert.Equal(name, span.DisplayName);
        Assert.Equal(name[(method.Length + 1)..], span.GetTagItem("http.route"));
    }

    /// <summary>What the in-memory exporter collects, readable while it writes (other tests' spans too: the listener is process-wide).</summary>
    private sealed class SpanList : ICollection<Activity>
    {
        private readonly ConcurrentQueue<Activity> _spans = new();

        public Activity? Server(string path) =>
            _spans.FirstOrDefault(s => s.Kind == ActivityKind.Server && (string?)s.GetTagItem("url.path") == path);

        public int Count => _spans.Count;

        public bool IsReadOnly => false;

        public void Add(Activity item) => _spans.Enqueue(item);

        public void Clear() => _spans.Clear();

        public bool Contains(Activity item) => _spans.Contains(item);

        public void CopyTo(Activity[] array, int arrayIndex) => _spans.CopyTo(array, arrayIndex);

        public bool Remove(Activity item) => throw new NotSupportedException();

        public IEnumerator<Activity> GetEnumerator() => _spans.GetEnumerator();

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
