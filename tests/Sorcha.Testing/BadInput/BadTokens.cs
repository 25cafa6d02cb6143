using System.Security.Claims;
using System.Text;
using Microsoft.IdentityModel.JsonWebTokens;
using Microsoft.IdentityModel.Tokens;
using Sorcha.ApiPlatform.Auth;

namespace Sorcha.Testing.BadInput;

/// <summary>Tokens that must be refused: made here with the platform's own key where that is the point.</summary>
public static class BadTokens
{
    /// <summary>The Authorization header value for <paramref name="caller"/>; null for no header.</summary>
    public static string? Header(Caller caller, string devClientSecret, string ownerToken, string foreignToken) => caller switch
    {
        Caller.Owner => "Bearer " + ownerToken,
        Caller.Foreign => "Bearer " + foreignToken,
        Caller.Anonymous => null,
        Caller.Garbage => "Bearer not.a.jwt",
        Caller.OtherSecret => "Bearer " + Create(DevelopmentTokens.DeriveSigningKey("some-other-secret")),
        Caller.Expired => "Bearer " + Create(Key(devClientSecret), expires: DateTime.UtcNow.AddHours(-1)),
        Caller.WrongAudience => "Bearer " + Create(Key(devClientSecret), audience: "someone-else"),
        Caller.WrongIssuer => "Bearer " + Create(Key(devClientSecret), issuer: "someone-else"),
        Caller.AlgNone => "Bearer " + Unsigned(),
        Caller.NoSubject => "Bearer " + Create(Key(devClientSecret), subject: null),
        Caller.BasicScheme => "Basic " + Convert.ToBase64String(Encoding.ASCII.GetBytes("badinput-owner:" + devClientSecret)),
        _ => throw new ArgumentOutOfRangeException(nameof(caller)),
    };

    private static byte[] Key(string devClientSecret) => DevelopmentTokens.DeriveSigningKey(devClientSecret);

    /// <summary>A development-shaped token (HS256, the development issuer and audience) signed with <paramref name="key"/>.</summary>
    public static string Create(byte[] key, string? subject = "badinput-owner", string audience = DevelopmentTokens.Audience,
        string issuer = DevelopmentTokens.Issuer, DateTime? expires = null)
    {
        var until = expires ?? DateTime.UtcNow.AddMinutes(10);
        return new JsonWebTokenHandler().CreateToken(new SecurityTokenDescriptor
        {
            Issuer = issuer,
            Audience = audience,
            Subject = subject is null ? new ClaimsIdentity([new Claim("client_id", "nobody")]) : new ClaimsIdentity([new Claim("sub", subject)]),
            IssuedAt = until.AddMinutes(-20),
            NotBefore = until.AddMinutes(-20),
            Expires = until,
            SigningCredentials = new SigningCredentials(DevelopmentTokens.SecurityKey(key), SecurityAlgorithms.HmacSha256),
        });
    }

    // RFC 7519 "alg": "none": a token anyone can write; it must never authenticate.
    private static string Unsigned()
    {
        static string Part(string json) => Base64UrlEncoder.Encode(Encoding.UTF8.GetBytes(json));
        var exp = DateTimeOffset.UtcNow.AddMinutes(10).ToUnixTimeSeconds();
        return Part("""{"alg":"none","typ":"JWT"}""") + "." +
            Part($$"""{"sub":"badinput-owner","iss":"{{DevelopmentTokens.Issuer}}","aud":"{{DevelopmentTokens.Audience}}","exp":{{exp}}}""") + ".";
    }
}
