using System.Net.Http;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Http.Resilience;
using Microsoft.Extensions.Options;
using Polly;
using Sorcha.ServiceDefaults.Telemetry;

namespace Sorcha.ServiceDefaults.Discovery;

/// <summary>
/// Every HttpClient from the factory finds services by name (<c>http://wallet</c> → the <c>services:wallet:http:0</c>,
/// <c>:1</c> … addresses the AppHost writes, taken in turn) and goes through the standard resilience pipeline, with
/// retries narrowed so that nothing is ever delivered twice that could act twice (docs/reliability.md, "Replicas").
/// </summary>
public static class OutgoingCalls
{
    public static void AddSorchaOutgoingCalls(this IHostApplicationBuilder builder)
    {
        builder.Services.AddOptions<OutgoingCallOptions>().Bind(builder.Configuration.GetSection(OutgoingCallOptions.Section));
        builder.Services.AddServiceDiscovery();
        builder.Services.ConfigureHttpClientDefaults(http =>
        {
            // Outermost first: callers keep seeing HttpClient's own exceptions, then retries around discovery, so that
            // each attempt is resolved again and goes to the next replica.
            http.AddHttpMessageHandler(() => new PlainHttpFailures());
            http.AddStandardResilienceHandler()
                .Configure((o, services) => Configure(o,
                    TimeSpan.FromSeconds(services.GetRequiredService<IOptions<OutgoingCallOptions>>().Value.OutgoingSeconds)));
            http.AddServiceDiscovery();
            // No service answers a redirect, so the handler's redirect stage (an async layer on every call) is left out;
            // a 3xx would reach the caller as the non-success answer it is. No trace headers of this process's own when
            // it records no traces (TraceHeaders).
            http.ConfigurePrimaryHttpMessageHandler(services => new SocketsHttpHandler
            {
                PooledConnectionIdleTimeout = OutgoingCallOptions.IdleConnectionTimeout,
                AllowAutoRedirect = false,
            }.OwnOnlyWhenTracing(services.GetRequiredService<IConfiguration>()));

            // The factory's own loggers open a log scope and check four log events on every call; they are filtered out
            // (System.Net.Http is at Warning) and each call is an OpenTelemetry span with its status anyway.
            http.RemoveAllLoggers();
        });
    }

    /// <summary>The standard pipeline with Limits:Timeouts:OutgoingSeconds per attempt and retries that cannot duplicate work.</summary>
    public static void Configure(HttpStandardResilienceOptions options, TimeSpan attempt)
    {
        options.AttemptTimeout.Timeout = attempt;
        options.TotalRequestTimeout.Timeout = 2 * attempt;
        options.CircuitBreaker.SamplingDuration = TimeSpan.FromSeconds(Math.Max(30, 2 * attempt.TotalSeconds));

        // A 429 is one caller's rate limit, not the service failing: it must not open the circuit for every caller.
        var breaks = options.CircuitBreaker.ShouldHandle;
        options.CircuitBreaker.ShouldHandle = args =>
            args.Outcome.Result?.StatusCode == System.Net.HttpStatusCode.TooManyRequests ? ValueTask.FromResult(false) : breaks(args);

        // Transient failures (5xx, 408, 429, timeouts) are retried for GET/HEAD/OPTIONS/TRACE only: a POST that signs or
        // commits may have done its work before the failure. A refused connection never reached the service, so any
        // request is retried then — on the next replica, as discovery takes them in turn.
        options.Retry.Delay = TimeSpan.FromMilliseconds(200);
        options.Retry.DisableForUnsafeHttpMethods();
        var safeOnly = options.Retry.ShouldHandle;
        options.Retry.ShouldHandle = args => IsRefusedConnection(args.Outcome.Exception) ? ValueTask.FromResult(true) : safeOnly(args);
    }

    /// <summary>Failed to connect: nothing of the request was sent.</summary>
    public static bool IsRefusedConnection(Exception? exception) =>
        exception is HttpRequestException { HttpRequestError: HttpRequestError.ConnectionError };
}
