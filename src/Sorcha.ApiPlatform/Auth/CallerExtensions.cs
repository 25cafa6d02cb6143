using System.Security.Claims;

namespace Sorcha.ApiPlatform.Auth;

public static class CallerExtensions
{
    /// <summary>The caller's stable id: the token's subject. Services key ownership on it.</summary>
    public static string CallerId(this ClaimsPrincipal user) =>
        user.TryCallerId() ?? throw new InvalidOperationException("An authenticated caller has no subject claim.");

    /// <summary>The subject, or null when the principal has none (or an empty one): such tokens are refused (401).</summary>
    public static string? TryCallerId(this ClaimsPrincipal user) =>
        (user.FindFirst("sub") ?? user.FindFirst(ClaimTypes.NameIdentifier))?.Value is { Length: > 0 } subject ? subject : null;
}
