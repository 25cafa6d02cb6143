using Microsoft.Extensions.Configuration;
using Sorcha.ServiceDefaults.Discovery;

namespace Sorcha.IntegrationTests.Reliability;

/// <summary>The balancing order the gateway and service-to-service clients use; pure, no platform.</summary>
public sealed class ReplicaPickerTests
{
    private static readonly Uri A = new("http://127.0.0.1:1001");
    private static readonly Uri B = new("http://127.0.0.1:1002");

    private static ReplicaPicker Picker(params Uri[] replicas) => new(new ConfigurationBuilder()
        .AddInMemoryCollection(replicas.Select((r, i) => KeyValuePair.Create($"services:transaction:http:{i}", (string?)r.ToString())))
        .Build());

    [Fact]
    public void Replicas_take_turns_and_every_order_lists_all_of_them()
    {
        var picker = Picker(A, B);
        var orders = Enumerable.Range(0, 4).Select(_ => picker.Order("transaction")).ToList();

        Assert.Equal([A, B, A, B], orders.Select(o => o[0]));
        Assert.All(orders, o => Assert.Equal([A, B], o.Order(Comparer<Uri>.Create((x, y) => x.Port.CompareTo(y.Port)))));
    }

    [Fact]
    public void A_replica_that_refused_a_connection_goes_last_for_a_while()
    {
        var picker = Picker(A, B);
        picker.MarkDown(A);

        Assert.All(Enumerable.Range(0, 4), _ => Assert.Equal([B, A], picker.Order("transaction")));
    }

    [Fact]
    public void One_replica_or_none_is_returned_as_configured()
    {
        Assert.Equal([A], Picker(A).Order("transaction"));
        Assert.Empty(Picker().Order("transaction"));
    }
}
