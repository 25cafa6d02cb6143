namespace Sorcha.Web.Security;

/// <summary>
/// The headers every answer carries. The Content-Security-Policy allows scripts from this origin only (no inline
/// script, no eval: Blazor Server needs neither), connections to this origin (the circuit's WebSocket), and inline
/// style attributes, which MudBlazor's components set (docs/web.md, "Security"). Frames are refused both ways. Forms
/// post to this origin, and (sign-out's redirect) to the OpenID Connect issuer's.
/// </summary>
public static class SecurityHeaders
{
    public static string ContentSecurityPolicy(string? issuer) =>
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'" +
        (Uri.TryCreate(issuer, UriKind.Absolute, out var uri) ? " " + uri.GetLeftPart(UriPartial.Authority) : "");

    public static void UseSecurityHeaders(this WebApplication app)
    {
        // Behind TLS at an ingress the gateway passes its X-Forwarded-Proto through: the sign-in's redirect URI and the
        // Secure cookie then say https. Trusted from any sender: only the gateway reaches this process (the AppHost's
        // loopback ports; the NetworkPolicy in deploy/), and the Host header is the gateway's original one already.
        var forwarded = new ForwardedHeadersOptions { ForwardedHeaders = Microsoft.AspNetCore.HttpOverrides.ForwardedHeaders.XForwardedProto };
        forwarded.KnownIPNetworks.Clear();
        forwarded.KnownProxies.Clear();
        app.UseForwardedHeaders(forwarded);

        var policy = ContentSecurityPolicy(app.Environment.IsDevelopment() ? null : app.Configuration["Web:Oidc:Authority"]);
        app.Use((context, next) => Apply(context, next, policy, app.Environment.IsDevelopment()));
    }

    private static Task Apply(HttpContext context, Func<Task> next, string policy, bool development)
    {
        var headers = context.Response.Headers;
        headers.ContentSecurityPolicy = policy;
        headers.XContentTypeOptions = "nosniff";
        headers.XFrameOptions = "DENY";
        headers["Referrer-Policy"] = "no-referrer";
        headers["Permissions-Policy"] = "camera=(), microphone=(), geolocation=(), payment=()";
        headers["Cross-Origin-Opener-Policy"] = "same-origin";
        if (!development)
        {
            headers.StrictTransportSecurity = "max-age=31536000";
        }

        return next();
    }
}
