using System.Net.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;

namespace Sorcha.ServiceDefaults.Discovery;

/// <summary>
/// Sends each request of a typed client to the next replica of its service. A refused connection means the request
/// never reached that replica, so it goes to the next one whatever the method; any later failure is the caller's to
/// judge (only the caller knows whether its call is idempotent), so it is passed on unchanged.
/// </summary>
internal sealed class ReplicaBalancingHandler(string service, ReplicaPicker picker, ILogger<ReplicaBalancingHandler> logger)
    : DelegatingHandler
{
    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var replicas = picker.Order(service);
        if (replicas.Count == 0 || request.RequestUri is not { IsAbsoluteUri: true } target)
        {
            return await base.SendAsync(request, cancellationToken);
        }

        for (var i = 0; ; i++)
        {
            request.RequestUri = new Uri(replicas[i], target.PathAndQuery);
            try
            {
                return await base.SendAsync(request, cancellationToken);
            }
            catch (HttpRequestException e) when (e.HttpRequestError == HttpRequestError.ConnectionError)
            {
                picker.MarkDown(replicas[i]);
                if (i + 1 >= replicas.Count)
                {
                    throw;
                }

                logger.LogWarning("{Service} replica {Replica} refused the connection; trying {Next}", service, replicas[i],
                    replicas[i + 1]);
            }
        }
    }
}

public static class ReplicaBalancing
{
    /// <summary>Balances the client's requests over every replica of <paramref name="service"/> (<see cref="ReplicaPicker"/>).</summary>
    public static IHttpClientBuilder AddReplicaBalancing(this IHttpClientBuilder builder, string service)
    {
        builder.Services.TryAddSingleton<ReplicaPicker>();
        return builder.AddHttpMessageHandler(services => new ReplicaBalancingHandler(service,
            services.GetRequiredService<ReplicaPicker>(), services.GetRequiredService<ILogger<ReplicaBalancingHandler>>()));
    }
}
