namespace Sorcha.AppHost.Redis;

/// <summary>
/// A Redis the AppHost runs as a process (redis-server, Garnet, or the cluster's script): an executable resource that
/// offers a connection string, so services take it through WithReference as they would Aspire's container.
/// </summary>
public sealed class RedisProcessResource(string name, RedisLaunch launch, string connectionString, string workingDirectory)
    : ExecutableResource(name, launch.Command, workingDirectory), IResourceWithConnectionString
{
    public RedisLaunch Launch => launch;

    public ReferenceExpression ConnectionStringExpression => ReferenceExpression.Create($"{connectionString}");
}
