using System.Security.Claims;

namespace Sorcha.ServiceDefaults.Auth;

public static class CallerExtensions
{
    /// <summary>The caller's stable id: the token's subject. Services key ownership on it.</summary>
    public static string CallerId(this ClaimsPrincipal user) =>
        user.FindFirst("sub")?.Value ?? user.FindFirst(ClaimTypes.NameIdentifier)?.Value
        ?? throw new InvalidOperationException("An authenticated caller has no subject claim.");
}
