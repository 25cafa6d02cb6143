using System.Collections.Concurrent;
using System.Net;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace Sorcha.Testing.Platform.OpenApi;

/// <summary>
/// A reverse proxy in the test process (Kestrel on 127.0.0.1, a port the OS picks) for a client that is not .NET — the
/// TypeScript sample run by node — so that its traffic is checked as the fixture's own clients' is: every request is
/// sent on through <paramref name="validating"/> (<see cref="PlatformFixture.Validating"/>) and its answer copied back.
/// A violation is recorded in <see cref="Violations"/> and answered with a 502 naming it, so the client fails too.
/// </summary>
public sealed class ValidatingProxy : IAsyncDisposable
{
    // Hop-by-hop headers (RFC 9110, 7.6.1) and what the proxy decides itself: Host is the target's, and the answer is not
    // compressed (Accept-Encoding dropped) so that the checks read JSON, not gzip.
    private static readonly HashSet<string> NotForwarded = new(StringComparer.OrdinalIgnoreCase)
    {
        "Connection", "Keep-Alive", "Proxy-Connection", "Proxy-Authenticate", "Proxy-Authorization", "TE", "Trailer",
        "Transfer-Encoding", "Upgrade", "Host", "Accept-Encoding", "Content-Length",
    };

    private readonly WebApplication _app;
    private readonly HttpClient _client;
    private readonly Uri _target;
    private readonly ConcurrentQueue<string> _violations = new();
    private readonly ConcurrentQueue<string> _exchanges = new();

    private ValidatingProxy(WebApplication app, HttpClient client, Uri target)
    {
        _app = app;
        _client = client;
        _target = target;
    }

    /// <summary>Where the client should send its requests (http://127.0.0.1:N).</summary>
    public Uri Address { get; private set; } = null!;

    /// <summary>Every violation seen, request or response, in order.</summary>
    public IReadOnlyCollection<string> Violations => _violations;

    /// <summary>Every exchange forwarded, as "METHOD /path → status".</summary>
    public IReadOnlyCollection<string> Exchanges => _exchanges;

    /// <summary>Starts a proxy to <paramref name="target"/> (the gateway) that sends through <paramref name="validating"/>.</summary>
    public static async Task<ValidatingProxy> StartAsync(Uri target, HttpMessageHandler validating)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.WebHost.UseKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0));
        var app = builder.Build();
        var proxy = new ValidatingProxy(app, new HttpClient(validating) { Timeout = TimeSpan.FromSeconds(60) }, target);
        app.Run(proxy.ForwardAsync);
        await app.StartAsync();
        proxy.Address = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
        return proxy;
    }

    private async Task ForwardAsync(HttpContext context)
    {
        var incoming = context.Request;
        using var request = new HttpRequestMessage(new HttpMethod(incoming.Method),
            new Uri(_target, incoming.Path.ToUriComponent() + incoming.QueryString.ToUriComponent()));
        if (incoming.ContentLength > 0 || incoming.Headers.ContainsKey("Transfer-Encoding"))
        {
            using var buffer = new MemoryStream();
            await incoming.Body.CopyToAsync(buffer, context.RequestAborted);
            request.Content = new ByteArrayContent(buffer.ToArray());
        }

        foreach (var (name, values) in incoming.Headers)
        {
            if (!NotForwarded.Contains(name) && !request.Headers.TryAddWithoutValidation(name, (IEnumerable<string?>)values))
            {
                request.Content?.Headers.TryAddWithoutValidation(name, (IEnumerable<string?>)values);
            }
        }

        var route = $"{incoming.Method} {incoming.Path}";
        HttpResponseMessage response;
        try
        {
            response = await _client.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, context.RequestAborted);
        }
        catch (OpenApiViolationException violation)
        {
            _violations.Enqueue(violation.Message);
            _exchanges.Enqueue($"{route} → violation");
            context.Response.StatusCode = StatusCodes.Status502BadGateway;
            context.Response.ContentType = "text/plain";
            await context.Response.WriteAsync(violation.Message, context.RequestAborted);
            return;
        }

        using (response)
        {
            _exchanges.Enqueue($"{route} → {(int)response.StatusCode}");
            context.Response.StatusCode = (int)response.StatusCode;
            foreach (var (name, values) in response.Headers.Concat(response.Content.Headers))
            {
                if (!NotForwarded.Contains(name))
                {
                    context.Response.Headers[name] = values.ToArray();
                }
            }

            context.Response.ContentLength = response.Content.Headers.ContentLength;
            await using var body = await response.Content.ReadAsStreamAsync(context.RequestAborted);
            await body.CopyToAsync(context.Response.Body, context.RequestAborted);
        }
    }

    public async ValueTask DisposeAsync()
    {
        await _app.StopAsync();
        await _app.DisposeAsync();
        _client.Dispose();
    }
}
