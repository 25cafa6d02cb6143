using System.Net.Http;
using Microsoft.Extensions.Configuration;

namespace Sorcha.ServiceDefaults.Telemetry;

/// <summary>
/// Whether a process writes trace headers of its own into the requests it sends: the one decision for every outgoing
/// handler (the services' clients, OutgoingCalls; the gateway's forwarder, ProxySetup). When the process records traces
/// (<see cref="TelemetrySetup.Tracing"/>), the handler keeps .NET's default propagator: each call is a span and its
/// <c>traceparent</c> points to it. When it records none, there is no span to point to, so the handler gets no propagator
/// at all: SocketsHttpHandler then leaves its diagnostics stage out, with the Activity it started for every call.
/// </summary>
public static class TraceHeaders
{
    /// <summary>Gives <paramref name="handler"/> the propagator this process's telemetry settings call for; returns it.</summary>
    public static SocketsHttpHandler OwnOnlyWhenTracing(this SocketsHttpHandler handler, IConfiguration configuration)
    {
        if (!TelemetrySetup.Tracing(configuration))
        {
            handler.ActivityHeadersPropagator = null;
        }

        return handler;
    }
}
