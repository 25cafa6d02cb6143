namespace Sorcha.ApiPlatform.Auth;

/// <summary>
/// The "Authentication:Service" section: the key of the Blueprint service's own tokens (<see cref="ServiceTokens"/>),
/// base64, given only to the Blueprint and Transaction services (the AppHost generates it per run).
/// </summary>
public sealed class ServiceTokenOptions
{
    public const string Section = "Authentication:Service";

    public string? SigningKey { get; set; }

    /// <summary>The key's bytes, or null when this process was given none.</summary>
    public byte[]? Key() => SigningKey is { Length: > 0 } key ? Convert.FromBase64String(key) : null;
}
