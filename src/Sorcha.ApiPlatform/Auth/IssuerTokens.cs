using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.Extensions.Configuration;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Sorcha.ApiPlatform.Auth;

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
        services.AddOptions<IssuerOptions>().Bind(configuration.GetSection(Section)).ValidateOnStart();
        services.AddSingleton<IValidateOptions<IssuerOptions>, IssuerValidation>();
        services.AddOptions<JwtBearerOptions>(JwtBearerDefaults.AuthenticationScheme).PostConfigure<IOptions<IssuerOptions>>((o, issuer) =>
        {
            o.MapInboundClaims = false; // "sub" stays "sub", as in development tokens
            o.TokenValidationParameters.NameClaimType = "sub";
            o.TokenValidationParameters.ValidateIssuer = true;
            o.TokenValidationParameters.ValidateAudience = true;
            if (issuer.Value.JwksUri is { } jwks)
            {
                o.ConfigurationManager = JwksRetriever.Manager(jwks, issuer.Value.Issuers[0], o);
            }
        });
    }

    private sealed class IssuerValidation : IValidateOptions<IssuerOptions>
    {
        public ValidateOptionsResult Validate(string? name, IssuerOptions options)
        {
            var problems = new List<string>();
            if ((options.Discovery is null) == (options.JwksUri is null))
            {
                problems.Add($"set either Authority (OIDC discovery) or {JwksUriKey} (a JWK Set)");
            }

            if (options.JwksUri is not null && options.Issuers.Count == 0)
            {
                problems.Add($"{JwksUriKey} needs ValidIssuer: the issuer its tokens name");
            }

            if (options.Audiences.Count == 0)
            {
                problems.Add("set ValidAudience (or ValidAudiences): the audience the issuer puts in tokens for Sorcha");
            }

            return problems.Count == 0 ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(
                $"Outside Development, {Section} configures the token issuer: {string.Join("; ", problems)}. See docs/security.md.");
        }
    }
}

/// <summary>
/// What Sorcha checks of the issuer section (ASP.NET binds the same section to its JwtBearer options itself), and the
/// JWK Set URL it adds to it.
/// </summary>
internal sealed class IssuerOptions
{
    public string? Authority { get; set; }
    public string? MetadataAddress { get; set; }
    public string? JwksUri { get; set; }
    public string? ValidIssuer { get; set; }
    public string[] ValidIssuers { get; set; } = [];
    public string? ValidAudience { get; set; }
    public string[] ValidAudiences { get; set; } = [];

    public string? Discovery => Authority ?? MetadataAddress;

    /// <summary>Name and its plural's entries (ValidIssuer, ValidIssuers:0 …), as ASP.NET binds them.</summary>
    public IReadOnlyList<string> Issuers => Values(ValidIssuer, ValidIssuers);

    public IReadOnlyList<string> Audiences => Values(ValidAudience, ValidAudiences);

    private static List<string> Values(string? one, string[] many) => [.. new[] { one }.Concat(many).OfType<string>().Where(v => v.Length > 0)];
}
