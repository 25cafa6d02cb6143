using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Authentication.OpenIdConnect;
using Microsoft.IdentityModel.Protocols.OpenIdConnect;

namespace Sorcha.Web.Identity;

/// <summary>
/// Production's sign-in: the authorization code flow with PKCE (S256) against the configured issuer. The tokens are
/// saved into the sign-in's properties only long enough for <see cref="IdentitySetup"/> to move them into the session.
/// </summary>
internal static class OidcSetup
{
    public static void Configure(OpenIdConnectOptions o, WebOptions.OidcOptions oidc)
    {
        o.Authority = oidc.Authority ?? throw new InvalidOperationException(
            "Production sign-in needs Web:Oidc:Authority (the OpenID Connect issuer; docs/web.md, \"Identity\").");
        o.ClientId = oidc.ClientId;
        o.ClientSecret = string.IsNullOrEmpty(oidc.ClientSecret) ? null : oidc.ClientSecret;
        o.ResponseType = OpenIdConnectResponseType.Code;
        o.UsePkce = true;
        // The answer comes back as a top-level GET (not the default form_post, a cross-site POST that SameSite=Lax
        // cookies do not follow).
        o.ResponseMode = OpenIdConnectResponseMode.Query;
        o.SaveTokens = true;
        o.MapInboundClaims = false;
        o.GetClaimsFromUserInfoEndpoint = false;
        o.RequireHttpsMetadata = oidc.RequireHttpsMetadata;
        o.SignInScheme = CookieAuthenticationDefaults.AuthenticationScheme;
        o.TokenValidationParameters.NameClaimType = "name";
        o.Scope.Clear();
        foreach (var scope in $"openid profile {oidc.Scope}".Split(' ', StringSplitOptions.RemoveEmptyEntries).Distinct(StringComparer.Ordinal))
        {
            o.Scope.Add(scope);
        }

        o.SignedOutRedirectUri = "/";
        // The issuer's refusal (or a tampered callback) is shown in words on the sign-in page, never as an error page.
        o.Events.OnRemoteFailure = context =>
        {
            context.HandleResponse();
            context.Response.Redirect("/signin?failed=issuer");
            return Task.CompletedTask;
        };
    }
}
