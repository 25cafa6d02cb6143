namespace Sorcha.ApiPlatform.OpenApi;

/// <summary>The "OpenApi" section: who may read the documents, the URL they name, and which ones the gateway republishes.</summary>
public sealed class OpenApiDocumentOptions
{
    public const string Section = "OpenApi";
    public const string DefaultServerUrl = "http://localhost:5000";

    /// <summary>Documents readable without a token; unset, in Development only.</summary>
    public bool? Anonymous { get; set; }

    /// <summary>The gateway's base URL that documents name in <c>servers</c>; a deployment sets its public one.</summary>
    public string ServerUrl { get; set; } = DefaultServerUrl;

    /// <summary>
    /// The gateway's only: the services that publish a document (appsettings.json names the four); none named, every
    /// cluster it routes to.
    /// </summary>
    public string[] Services { get; set; } = [];
}
