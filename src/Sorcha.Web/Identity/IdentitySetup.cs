using System.Security.Claims;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Authentication.OpenIdConnect;

namespace Sorcha.Web.Identity;

/// <summary>
/// Backend for frontend: the browser holds one HttpOnly cookie naming a session of this server's
/// (<see cref="UserSessions"/>), and the bearer token stays here. Development signs in by name at /signin;
/// Production by OpenID Connect (authorization code with PKCE) against Web:Oidc:Authority.
/// </summary>
public static class IdentitySetup
{
    /// <summary>The claim that names the session in the cookie's principal; the only thing the cookie carries besides the name.</summary>
    public const string SessionClaim = "sorcha:session";

    public const string CookieName = ".Sorcha.Session";

    public static void AddWebIdentity(this WebApplicationBuilder builder)
    {
        var web = builder.Configuration.GetSection(WebOptions.Section).Get<WebOptions>() ?? new WebOptions();
        var development = builder.Environment.IsDevelopment();
        var auth = builder.Services.AddAuthentication(o =>
        {
            o.DefaultScheme = CookieAuthenticationDefaults.AuthenticationScheme;
            o.DefaultChallengeScheme = development ? CookieAuthenticationDefaults.AuthenticationScheme : OpenIdConnectDefaults.AuthenticationScheme;
        }).AddCookie(o =>
        {
            o.Cookie.Name = CookieName;
            o.Cookie.HttpOnly = true;
            o.Cookie.SameSite = SameSiteMode.Lax;
            o.Cookie.SecurePolicy = development ? CookieSecurePolicy.SameAsRequest : CookieSecurePolicy.Always;
            o.LoginPath = "/signin";
            o.AccessDeniedPath = "/signin";
            o.ExpireTimeSpan = TimeSpan.FromMinutes(web.Sessions.IdleMinutes);
            o.SlidingExpiration = true;
            o.Events.OnSigningIn = ctx => StartIssuerSession(ctx);
            o.Events.OnValidatePrincipal = ValidateAsync;
        });
        if (!development)
        {
            auth.AddOpenIdConnect(o => OidcSetup.Configure(o, web.Oidc));
        }

        builder.Services.AddAuthorization();
        builder.Services.AddCascadingAuthenticationState();
        builder.Services.AddSingleton<UserSessions>();
        builder.Services.AddSingleton<TokenRefresher>();
        builder.Services.AddSingleton(TimeProvider.System);
    }

    /// <summary>A principal for <paramref name="session"/>: its subject, name and id, nothing else.</summary>
    public static ClaimsPrincipal Principal(UserSession session) => new(new ClaimsIdentity(
        [new Claim("sub", session.Subject), new Claim(ClaimTypes.Name, session.Name), new Claim(SessionClaim, session.Id)],
        CookieAuthenticationDefaults.AuthenticationScheme, ClaimTypes.Name, ClaimTypes.Role));

    /// <summary>
    /// An OpenID Connect sign-in arrives with the issuer's tokens in the properties (SaveTokens): they move into a new
    /// session here, and the cookie is written with the session's id only.
    /// </summary>
    private static Task StartIssuerSession(CookieSigningInContext context)
    {
        var access = context.Properties.GetTokenValue("access_token");
        if (access is null || context.Principal?.FindFirst(SessionClaim) is not null)
        {
            return Task.CompletedTask;
        }

        var user = context.Principal!;
        var subject = user.FindFirst("sub")?.Value ?? throw new InvalidOperationException("The issuer's ID token has no sub.");
        var clock = context.HttpContext.RequestServices.GetRequiredService<TimeProvider>();
        var expires = DateTimeOffset.TryParse(context.Properties.GetTokenValue("expires_at"), out var at) ? at : clock.GetUtcNow().AddMinutes(5);
        var session = context.HttpContext.RequestServices.GetRequiredService<UserSessions>()
            .Start(subject, user.FindFirst("name")?.Value ?? user.FindFirst("preferred_username")?.Value ?? subject, SessionKind.OpenIdConnect);
        session.Tokens = new SessionTokens(access, expires, context.Properties.GetTokenValue("refresh_token"));
        context.Principal = Principal(session);
        context.Properties.StoreTokens([]);
        return Task.CompletedTask;
    }

    /// <summary>A cookie whose session is gone (signed out elsewhere, evicted, or this process restarted) is no sign-in.</summary>
    private static async Task ValidateAsync(CookieValidatePrincipalContext context)
    {
        var sessions = context.HttpContext.RequestServices.GetRequiredService<UserSessions>();
        if (sessions.Find(context.Principal?.FindFirst(SessionClaim)?.Value) is null)
        {
            context.RejectPrincipal();
            await context.HttpContext.SignOutAsync(CookieAuthenticationDefaults.AuthenticationScheme);
        }
    }

    /// <summary>The session of a signed-in principal, or null.</summary>
    public static UserSession? Session(this UserSessions sessions, ClaimsPrincipal user) => sessions.Find(user.FindFirst(SessionClaim)?.Value);
}
