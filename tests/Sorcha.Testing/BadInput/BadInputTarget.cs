namespace Sorcha.Testing.BadInput;

/// <summary>
/// Where a <see cref="BadInputSuite"/> sends its cases: the whole platform through its gateway (cross-process), or one
/// service hosted in the test process.
/// </summary>
public abstract class BadInputTarget
{
    /// <summary>The development client secret whose derived key the target's token checks use.</summary>
    public abstract string DevClientSecret { get; }

    /// <summary>
    /// The base address for a request to <paramref name="path"/>: the entry point when <paramref name="service"/> is
    /// null (through the gateway, or the in-process service owning the path), else that service.
    /// </summary>
    public abstract Uri Address(string? service, string path);

    /// <summary>The client the cases are sent with, if the target has its own (the platform's checks the answers against the documents).</summary>
    public virtual HttpClient? BadInputSender => null;

    /// <summary>An HttpClient on the entry point that acts as <paramref name="clientId"/>.</summary>
    public abstract Task<HttpClient> ClientAsync(string clientId);
}
