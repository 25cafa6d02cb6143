using Sorcha.Hosting;

namespace Sorcha.AppHost.Redis;

/// <summary>The Redis the run uses: how services connect, and the resource to start (null when it is external).</summary>
public sealed record RedisChoice(string Provider, string ConnectionString, ResourceSpec Resource, string Reason);
