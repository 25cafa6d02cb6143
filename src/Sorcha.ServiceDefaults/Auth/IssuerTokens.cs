using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;

namespace Sorcha.ServiceDefaults.Auth;

/// <summary>
/// Outside Development, user tokens come from one configured issuer (section <see cref="Section"/>, the standard
/// ASP.NET Core JwtBearer settings plus <see cref="JwksUriKey"/>): either <c>Authority</c> (OIDC discovery gives the
/// issuer and its signing keys) or <c>JwksUri</c> with <c>ValidIssuer</c> (a JWK Set and no discovery), and always
/// <c>ValidAudience</c>/<c>ValidAudiences</c>. ASP.NET checks issuer and audience only when they are configured, so a
/// process missing one refuses to start rather than take tokens the issuer made for any other application.
/// </summary>
internal static class IssuerTokens
{
    public const string Section = "Authentication:Schemes:Bearer";
    public const string JwksUriKey = "JwksUri";

    public static void AcceptIssuerTokens(this IServiceCollection services, IConfiguration configuration)
    {
        var section = configuration.GetSection(Section);
        var discovery = section["Authority"] ?? section["MetadataAddress"];
        var jwks = section[JwksUriKey];
        var issuers = Values(section, "ValidIssuer");
        var problems = new List<string>();
        if ((discovery is null) == (jwks is null))
        {
            problems.Add($"set either Authority (OIDC discovery) or {JwksUriKey} (a JWK Set)");
        }

        if (jwks is not null && issuers.Count == 0)
        {
            problems.Add($"{JwksUriKey} needs ValidIssuer: the issuer its tokens name");
        }

        if (Values(section, "ValidAudience").Count == 0)
        {
            problems.Add("set ValidAudience (or ValidAudiences): the audience the issuer puts in tokens for Sorcha");
        }

        if (problems.Count > 0)
        {
            throw new InvalidOperationException(
                $"Outside Development, {Section} configures the token issuer: {string.Join("; ", problems)}. See docs/reliability.md.");
        }

        services.PostConfigure<JwtBearerOptions>(JwtBearerDefaults.AuthenticationScheme, o =>
        {
            o.MapInboundClaims = false; // "sub" stays "sub", as in development tokens
            o.TokenValidationParameters.NameClaimType = "sub";
            o.TokenValidationParameters.ValidateIssuer = true;
            o.TokenValidationParameters.ValidateAudience = true;
            if (jwks is not null)
            {
                o.ConfigurationManager = JwksRetriever.Manager(jwks, issuers[0], o);
            }
        });
    }

    /// <summary>Name and its plural's entries (ValidIssuer, ValidIssuers:0 …), as ASP.NET binds them.</summary>
    private static List<string> Values(IConfigurationSection section, string name) =>
        [.. new[] { section[name] }.Concat(section.GetSection(name + "s").GetChildren().Select(c => c.Value))
            .OfType<string>().Where(v => v.Length > 0)];
}
