using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Sorcha.ApiPlatform.Auth;
using Sorcha.ApiPlatform.Problems;

namespace Sorcha.Events.Connections;

/// <summary>
/// Refuses a new connection of a caller who holds the limit already with a 409 problem at negotiate (or at a connect
/// that skipped negotiate), so a client's start fails with a clear HTTP error rather than a connection that opens and
/// closes. Racy by nature (two negotiates at once both pass); the hub's own check at connect is the one that holds.
/// Requests of an existing connection (a long poll, a send: they carry its <c>id</c>) pass.
/// </summary>
public static class ConnectionGate
{
    public static void UseConnectionGate(this IApplicationBuilder app, PathString hubPath) =>
        app.UseWhen(c => c.Request.Path.StartsWithSegments(hubPath) && !c.Request.Query.ContainsKey("id"), branch => branch.Use(
            async (context, next) =>
            {
                var connections = context.RequestServices.GetRequiredService<CallerConnections>();
                if (context.User.TryCallerId() is { } caller && !connections.HasRoom(caller))
                {
                    await ApiProblems.QuotaExceeded("connections", connections.Limit, CallerConnections.Refusal(connections.Limit))
                        .ExecuteAsync(context);
                    return;
                }

                await next(context);
            }));
}
