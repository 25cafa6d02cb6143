using System.Reflection;
using System.Runtime.ExceptionServices;
using StackExchange.Redis;

namespace Sorcha.Events.Backplane;

/// <summary>
/// The backplane's multiplexer with every PUBLISH routed by its channel's hash slot, as a key would be.
/// <para>Why: on a Redis Cluster, StackExchange.Redis sends a PUBLISH on a plain channel (RedisHubLifetimeManager's
/// are all <c>RedisChannel.Literal</c>) to any node, taking the nodes in turn; each node passes it to the others over
/// the cluster bus, so two publishes to one register's group, made in order from one commit lane, could reach a
/// subscriber in either order (seen: sequence 5 before 4). Routed by slot, every publish to a channel goes to one
/// node, whoever makes it, and that node delivers them in the order it received them. On a single server nothing
/// changes. RedisHubLifetimeManager takes its connection from a factory and offers no other hook, hence a proxy over
/// the two interfaces it uses; everything but the publishes passes through unchanged.</para>
/// </summary>
#pragma warning disable CA1852 // DispatchProxy derives a type from it at run time: it must not be sealed
internal class KeyRoutedPublishes : DispatchProxy
#pragma warning restore CA1852
{
    private object _target = null!;

    public static IConnectionMultiplexer Wrap(IConnectionMultiplexer multiplexer) => Wrap<IConnectionMultiplexer>(multiplexer);

    private static T Wrap<T>(T target) where T : class
    {
        var proxy = Create<T, KeyRoutedPublishes>();
        ((KeyRoutedPublishes)(object)proxy)._target = target;
        return proxy;
    }

    protected override object? Invoke(MethodInfo? method, object?[]? args)
    {
        ArgumentNullException.ThrowIfNull(method);
        if (method.Name is nameof(ISubscriber.Publish) or nameof(ISubscriber.PublishAsync) && args is [RedisChannel channel, ..])
        {
            args[0] = channel.WithKeyRouting();
        }

        object? result;
        try
        {
            result = method.Invoke(_target, args);
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            ExceptionDispatchInfo.Throw(e.InnerException);
            throw;
        }

        return method.Name == nameof(IConnectionMultiplexer.GetSubscriber) && result is ISubscriber subscriber ? Wrap(subscriber) : result;
    }
}
