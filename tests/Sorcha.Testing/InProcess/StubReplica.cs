using System.Collections.Concurrent;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Logging;
using Sorcha.AppHost.Hosting;

namespace Sorcha.Testing.InProcess;

/// <summary>
/// A replica of a made-up service, in the test process: it records every request it receives (method, path, body) and
/// answers with its name, or, when <paramref name="fails"/>, reads the request and then drops the connection without
/// answering — a replica dying mid-request, after the request reached it. /alive and /health always answer 200.
/// </summary>
public sealed class StubReplica(string name, WebApplication app, int port) : IAsyncDisposable
{
    public string Name { get; } = name;
    public Uri Address { get; } = new($"http://127.0.0.1:{port}");
    public ConcurrentQueue<string> Received { get; } = new();

    /// <summary>The request headers each path arrived with (the last request to it).</summary>
    public ConcurrentDictionary<string, Dictionary<string, string>> HeadersByPath { get; } = new();

    public static async Task<StubReplica> StartAsync(string name, bool fails = false)
    {
        var port = PortLeases.Lease();
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls($"http://127.0.0.1:{port}");
        builder.Logging.ClearProviders();
        var app = builder.Build();
        var replica = new StubReplica(name, app, port);
        app.Run(async context =>
        {
            if (context.Request.Path == "/alive" || context.Request.Path == "/health")
            {
                return;
            }

            replica.HeadersByPath[context.Request.Path] = context.Request.Headers.ToDictionary(
                h => h.Key, h => h.Value.ToString(), StringComparer.OrdinalIgnoreCase);
            using var reader = new StreamReader(context.Request.Body);
            replica.Received.Enqueue($"{context.Request.Method} {context.Request.Path} {await reader.ReadToEndAsync()}");
            if (fails)
            {
                context.Abort();
                return;
            }

            if (context.Request.Path == "/redirect")
            {
                context.Response.Redirect("/items");
                return;
            }

            await context.Response.WriteAsJsonAsync(new { replica = name });
        });
        await app.StartAsync();
        return replica;
    }

    public ValueTask DisposeAsync() => app.DisposeAsync();
}
