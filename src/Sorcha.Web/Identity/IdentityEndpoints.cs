using Microsoft.AspNetCore.Antiforgery;
using Microsoft.AspNetCore.Authentication;
using Microsoft.AspNetCore.Authentication.Cookies;
using Microsoft.AspNetCore.Authentication.OpenIdConnect;

namespace Sorcha.Web.Identity;

/// <summary>
/// Sign-in with the issuer (Production) and sign-out. Development's sign-in is the /signin page's form
/// (Components/Pages/SignIn.razor). Both posts carry antiforgery (the form's token, checked by UseAntiforgery).
/// </summary>
public static class IdentityEndpoints
{
    public static void MapIdentityEndpoints(this WebApplication app)
    {
        app.MapGet("/signin/issuer", (string? returnUrl) =>
            TypedResults.Challenge(new AuthenticationProperties { RedirectUri = LocalOrHome(returnUrl) }, [OpenIdConnectDefaults.AuthenticationScheme]))
            .AllowAnonymous();

        app.MapPost("/signout", async (HttpContext context, UserSessions sessions, IAntiforgery antiforgery) =>
        {
            // The middleware only records the check for an endpoint that binds no form: refuse here.
            if (!await antiforgery.IsRequestValidAsync(context))
            {
                return Results.Problem(statusCode: StatusCodes.Status400BadRequest, title: "The form has expired",
                    detail: "Reload the page and sign out again.");
            }

            sessions.End(context.User.FindFirst(IdentitySetup.SessionClaim)?.Value);
            await context.SignOutAsync(CookieAuthenticationDefaults.AuthenticationScheme);
            // With an issuer, its end-session endpoint too (it redirects back to /), so that the next sign-in asks again.
            return app.Environment.IsDevelopment()
                ? Results.LocalRedirect("/signin")
                : Results.SignOut(new AuthenticationProperties { RedirectUri = "/" }, [OpenIdConnectDefaults.AuthenticationScheme]);
        }).AllowAnonymous().DisableAntiforgery();
    }

    /// <summary>A return address on this site, or the inbox: never a redirect to somewhere else (open redirect).</summary>
    public static string LocalOrHome(string? returnUrl) =>
        returnUrl is { Length: > 0 } url && url[0] == '/' && (url.Length == 1 || (url[1] != '/' && url[1] != '\\')) ? url : "/";
}
