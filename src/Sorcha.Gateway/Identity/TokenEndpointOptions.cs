namespace Sorcha.Gateway.Identity;

/// <summary>
/// The token endpoint's secret: the AppHost's dev-client-secret parameter (Parameters:dev-client-secret, which Aspire
/// names so), given to the gateway in Development only. Without it the endpoint is not mapped.
/// </summary>
public sealed class TokenEndpointOptions
{
    public const string Section = "Parameters";

    [ConfigurationKeyName("dev-client-secret")]
    public string? DevClientSecret { get; set; }
}
