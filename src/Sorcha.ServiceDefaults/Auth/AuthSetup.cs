using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.AspNetCore.Authorization;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.IdentityModel.Tokens;

namespace Sorcha.ServiceDefaults.Auth;

public static class AuthSetup
{
    /// <summary>
    /// JWT bearer everywhere. In Development the key derived from the dev client secret is trusted (the gateway's token
    /// endpoint signs with it); elsewhere only the configured issuer is (<see cref="IssuerTokens"/>). Every endpoint
    /// needs an authenticated caller unless it says AllowAnonymous (health, the token endpoint).
    /// </summary>
    internal static void AddSorchaAuthentication(this IHostApplicationBuilder builder)
    {
        var auth = builder.Services.AddAuthentication(JwtBearerDefaults.AuthenticationScheme).AddJwtBearer();
        builder.Services.RequireSubject();
        ValidatedTokens.RememberValidatedTokens(builder.Services);
        if (!builder.Environment.IsDevelopment())
        {
            builder.Services.AcceptIssuerTokens(builder.Configuration);
        }
        else if (builder.Configuration[DevelopmentTokens.SigningKeyConfigKey] is { Length: > 0 } devKey)
        {
            auth.Services.PostConfigure<JwtBearerOptions>(JwtBearerDefaults.AuthenticationScheme, o =>
            {
                o.MapInboundClaims = false;
                o.TokenValidationParameters = new TokenValidationParameters
                {
                    ValidIssuer = DevelopmentTokens.Issuer,
                    ValidAudience = DevelopmentTokens.Audience,
                    IssuerSigningKey = DevelopmentTokens.SecurityKey(Convert.FromBase64String(devKey)),
                    NameClaimType = "sub",
                    ClockSkew = TimeSpan.FromSeconds(30),
                };
            });
        }

        builder.Services.AddAuthorizationBuilder()
            .SetFallbackPolicy(new AuthorizationPolicyBuilder().RequireAuthenticatedUser().Build());
    }
}
