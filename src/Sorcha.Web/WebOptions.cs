using System.ComponentModel.DataAnnotations;

namespace Sorcha.Web;

/// <summary>The "Web" configuration section: where the gateway is, how sign-in works, and the sessions' bounds.</summary>
public sealed class WebOptions
{
    public const string Section = "Web";

    /// <summary>
    /// The gateway's base address, which every API call and the live-events hub go to. Empty: the address the AppHost
    /// gives (services:gateway:http:0).
    /// </summary>
    public string? GatewayUrl { get; set; }

    public SessionOptions Sessions { get; set; } = new();

    /// <summary>Production's sign-in: the OpenID Connect issuer (authorization code with PKCE).</summary>
    public OidcOptions Oidc { get; set; } = new();

    public sealed class SessionOptions
    {
        [Range(1, 1_000_000)]
        public int MaxSessions { get; set; } = 10_000;

        [Range(1, 7 * 24 * 60)]
        public int IdleMinutes { get; set; } = 8 * 60;
    }

    public sealed class OidcOptions
    {
        /// <summary>The issuer (its discovery document is at Authority/.well-known/openid-configuration).</summary>
        public string? Authority { get; set; }

        public string ClientId { get; set; } = "sorcha-web";

        /// <summary>A confidential client's secret (the parameter web-oidc-client-secret); empty for a public client.</summary>
        public string? ClientSecret { get; set; }

        /// <summary>Scopes beyond openid and profile: offline_access for a refresh token, and the API's own.</summary>
        public string Scope { get; set; } = "offline_access";

        public bool RequireHttpsMetadata { get; set; } = true;
    }
}
