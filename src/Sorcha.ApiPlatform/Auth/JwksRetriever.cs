using Microsoft.AspNetCore.Authentication.JwtBearer;
using Microsoft.IdentityModel.Protocols;
using Microsoft.IdentityModel.Protocols.OpenIdConnect;
using Microsoft.IdentityModel.Tokens;

namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// Signing keys from a JWK Set URL, for an issuer without OIDC discovery. It plugs into the JwtBearer handler as a
/// discovery document would, so keys are cached and refreshed the same way (and at once for a key id not seen yet).
/// </summary>
internal sealed class JwksRetriever(string issuer) : IConfigurationRetriever<OpenIdConnectConfiguration>
{
    public static ConfigurationManager<OpenIdConnectConfiguration> Manager(string jwksUri, string issuer, JwtBearerOptions options)
    {
        var http = options.Backchannel ?? new HttpClient(options.BackchannelHttpHandler ?? new HttpClientHandler())
        {
            Timeout = options.BackchannelTimeout,
        };
        return new(jwksUri, new JwksRetriever(issuer), new HttpDocumentRetriever(http) { RequireHttps = options.RequireHttpsMetadata })
        {
            RefreshInterval = options.RefreshInterval,
            AutomaticRefreshInterval = options.AutomaticRefreshInterval,
        };
    }

    public async Task<OpenIdConnectConfiguration> GetConfigurationAsync(string address, IDocumentRetriever retriever, CancellationToken cancel)
    {
        var keys = new JsonWebKeySet(await retriever.GetDocumentAsync(address, cancel));
        var configuration = new OpenIdConnectConfiguration { Issuer = issuer, JsonWebKeySet = keys };
        foreach (var key in keys.GetSigningKeys())
        {
            configuration.SigningKeys.Add(key);
        }

        return configuration;
    }
}
