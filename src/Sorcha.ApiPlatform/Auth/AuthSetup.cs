using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.AspNetCore.Authorization;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;
using Microsoft.Extensions.Options;
using Microsoft.IdentityModel.Tokens;

namespace Sorcha.ApiPlatform.Auth;

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
        builder.Services.AcceptHubQueryTokens(JwtBearerDefaults.AuthenticationScheme);
        ValidatedTokens.RememberFor(builder.Services, JwtBearerDefaults.AuthenticationScheme);
        if (!builder.Environment.IsDevelopment())
        {
            builder.Services.AcceptIssuerTokens(builder.Configuration);
        }
        else
        {
            builder.Services.AddOptions<DevelopmentTokenOptions>()
                .Bind(builder.Configuration.GetSection(DevelopmentTokenOptions.Section))
                .Validate(o => o.SigningKey is not { Length: > 0 } key || Convert.TryFromBase64String(key, new byte[key.Length], out _),
                    $"{DevelopmentTokens.SigningKeyConfigKey} must be base64.")
                .ValidateOnStart();
            auth.Services.AddOptions<JwtBearerOptions>(JwtBearerDefaults.AuthenticationScheme)
                .PostConfigure<IOptions<DevelopmentTokenOptions>>((o, development) =>
                {
                    // Without the key (a process the AppHost gave none) no development token is accepted.
                    if (development.Value.SigningKey is not { Length: > 0 } devKey)
                    {
                        return;
                    }

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
