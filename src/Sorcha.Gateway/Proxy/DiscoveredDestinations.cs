using Microsoft.Extensions.Primitives;
using Microsoft.Extensions.ServiceDiscovery;
using Yarp.ReverseProxy.Configuration;
using Yarp.ReverseProxy.ServiceDiscovery;

namespace Sorcha.Gateway.Proxy;

/// <summary>
/// Expands a configured destination such as <c>http://wallet</c> into one destination per replica that service discovery
/// knows (services:wallet:http:0, :1 …), so YARP balances over them and health-checks each. The change tokens make YARP
/// resolve again when discovery's answer changes. (Microsoft.Extensions.ServiceDiscovery.Yarp does the same but is not
/// served here.)
/// </summary>
public sealed class DiscoveredDestinations(ServiceEndpointResolver resolver) : IDestinationResolver
{
    public async ValueTask<ResolvedDestinationCollection> ResolveDestinationsAsync(
        IReadOnlyDictionary<string, DestinationConfig> destinations, CancellationToken cancellationToken)
    {
        var resolved = new Dictionary<string, DestinationConfig>(StringComparer.OrdinalIgnoreCase);
        var changes = new List<IChangeToken>();
        foreach (var (name, destination) in destinations)
        {
            var service = new Uri(destination.Address);
            var replicas = await resolver.GetEndpointsAsync(service.GetLeftPart(UriPartial.Authority), cancellationToken);
            changes.Add(replicas.ChangeToken);
            foreach (var replica in replicas.Endpoints)
            {
                var address = Replace(service, replica.ToString()!);
                resolved[$"{name}[{address.Authority}]"] = destination with { Address = address.ToString() };
            }
        }

        return new ResolvedDestinationCollection(resolved, new CompositeChangeToken(changes));
    }

    /// <summary>The configured address with the replica's scheme, host and port; "host:port" keeps the configured scheme.</summary>
    private static Uri Replace(Uri service, string replica)
    {
        var endpoint = new Uri(replica.Contains("://", StringComparison.Ordinal) ? replica : $"{service.Scheme}://{replica}");
        return new UriBuilder(service) { Scheme = endpoint.Scheme, Host = endpoint.Host, Port = endpoint.Port }.Uri;
    }
}
