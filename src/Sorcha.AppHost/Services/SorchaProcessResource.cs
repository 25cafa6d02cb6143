namespace Sorcha.AppHost.Services;

/// <summary>
/// One process of a Sorcha project (a service replica or the gateway), started from its build output as
/// `dotnet &lt;project&gt;.dll`. Aspire's ProjectResource runs `dotnet run --project`, which evaluates the project with
/// MSBuild on every start and puts a second process between DCP and the service (its pid is not the service's, and a
/// crash of the wrapper orphans the service on its port); docs/architecture.md, "AppHost".
/// </summary>
public sealed class SorchaProcessResource(string name, string assemblyPath)
    : ExecutableResource(name, "dotnet", Path.GetDirectoryName(assemblyPath)!), IResourceWithServiceDiscovery
{
    public string AssemblyPath => assemblyPath;
}
