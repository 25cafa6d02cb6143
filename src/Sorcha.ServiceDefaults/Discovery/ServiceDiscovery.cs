using Microsoft.Extensions.Configuration;

namespace Sorcha.ServiceDefaults.Discovery;

/// <summary>
/// Resolves a service name to its base address from configuration, using the keys Aspire writes
/// (services:{name}:https:0 or services:{name}:http:0), so the same settings work under any orchestrator.
/// </summary>
public static class ServiceDiscovery
{
    public static Uri? TryResolve(IConfiguration configuration, string serviceName)
    {
        var value = configuration[$"services:{serviceName}:https:0"] ?? configuration[$"services:{serviceName}:http:0"];
        return Uri.TryCreate(value, UriKind.Absolute, out var uri) ? uri : null;
    }

    /// <summary>Every replica's address: index 0, 1 … until the first index with no address.</summary>
    public static IEnumerable<Uri> ResolveAll(IConfiguration configuration, string serviceName)
    {
        for (var i = 0; ; i++)
        {
            var value = configuration[$"services:{serviceName}:https:{i}"] ?? configuration[$"services:{serviceName}:http:{i}"];
            if (!Uri.TryCreate(value, UriKind.Absolute, out var uri))
            {
                yield break;
            }

            yield return uri;
        }
    }

    public static Uri Resolve(IConfiguration configuration, string serviceName) =>
        TryResolve(configuration, serviceName)
        ?? throw new InvalidOperationException($"No address configured for service '{serviceName}' (services:{serviceName}:http:0).");
}
