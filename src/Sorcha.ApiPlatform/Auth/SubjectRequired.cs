using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.Extensions.DependencyInjection;

namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// A token is only valid here if it names a caller: every service keys ownership on the subject, so a signed token
/// without one (or with an empty one) is 401, not a 500 deep in a handler or a caller shared by all such tokens.
/// </summary>
internal static class SubjectRequired
{
    public static void RequireSubject(this IServiceCollection services) =>
        services.PostConfigure<JwtBearerOptions>(JwtBearerDefaults.AuthenticationScheme, o =>
        {
            var inner = o.Events?.OnTokenValidated;
            o.Events ??= new JwtBearerEvents();
            o.Events.OnTokenValidated = async context =>
            {
                if (inner is not null)
                {
                    await inner(context);
                }

                if (context.Principal is { } principal && principal.TryCallerId() is null)
                {
                    context.Fail("The token has no subject (sub).");
                }
            };
        });
}
