extern alias register;
extern alias transaction;

using System.Collections.Concurrent;
using System.Diagnostics;
using System.Net;
using Microsoft.Extensions.DependencyInjection;
using OpenTelemetry.Trace;
using Sorcha.AppHost;
using Sorcha.Testing.InProcess;
using Sorcha.Testing.Registers;

namespace Sorcha.Register.Service.Tests;

/// <summary>
/// The Register service with traces recorded (a sampler set, as an operator would) into an in-process exporter: its
/// sealer polls Redis ten times a second, and an idle poll must leave no trace; a docket it seals is one trace named
/// for it, with its Redis spans under it.
/// </summary>
public sealed class IdleTracesTests : IClassFixture<IdleTracesTests.TracedRegister>
{
    private const string RedisSource = "OpenTelemetry.Instrumentation.StackExchangeRedis";

    private readonly TracedRegister _services;

    public IdleTracesTests(TracedRegister services) => _services = services;

    [Fact]
    public async Task Sealing_is_one_trace_with_its_Redis_spans_and_idle_polls_record_nothing()
    {
        using var http = await _services.ClientAsync("idle-traces");
        var registerId = (await RegisterFlows.RegisterAsync(http, "traced")).Id;
        await RegisterFlows.SubmitAsync(http, RegisterFlows.Build(registerId, Signer.New()), HttpStatusCode.Created);

        // The docket waits a second for more transactions (ten polls), then is sealed; its Redis spans follow when the
        // instrumentation turns the profiled commands into spans (every 10 s), with those of the polls before it.
        Activity? seal = null;
        Assert.True(await Poll.UntilAsync(() =>
        {
            seal = _services.Exported.FirstOrDefault(a => a.OperationName == "seal docket" && (string?)a.GetTagItem("sorcha.register_id") == registerId);
            return seal is not null && _services.Exported.Any(a => a.ParentSpanId == seal.SpanId && a.Source.Name == RedisSource);
        }, RegisterFlows.SealingPatience * 2), "no 'seal docket' trace with Redis spans under it");
        Assert.Equal(default, seal!.ParentSpanId);

        // Idle now: more polls than the sealer's first second, and the Redis spans' flush, leave nothing at the root.
        var before = _services.Exported.Count;
        await Task.Delay(TimeSpan.FromSeconds(2));
        var roots = _services.Exported.Where(a => a.Source.Name == RedisSource && a.ParentSpanId == default).Select(a => a.DisplayName).ToList();
        Assert.True(roots.Count == 0, $"Redis commands outside any span were traced: {string.Join(", ", roots.Distinct())} ({roots.Count})");
        Assert.DoesNotContain(_services.Exported.Skip(before), a => a.Source.Name.StartsWith("Sorcha.", StringComparison.Ordinal)
            && (string?)a.GetTagItem("sorcha.register_id") == registerId);
    }

    /// <summary>The Register service recording every trace into <see cref="Exported"/>, and the Transaction service beside it.</summary>
    public sealed class TracedRegister : ServiceHost
    {
        public ConcurrentQueue<Activity> Exported { get; } = new();

        protected override void StartServices(IReadOnlyDictionary<string, string> common)
        {
            Start<register::Program>("register", ["/api/registers"], new Dictionary<string, string>(common)
            {
                ["Register:KeyEncryptionKey"] = SorchaApp.GenerateSecret(),
                ["OTEL_TRACES_SAMPLER"] = "always_on",
            }, services => services.ConfigureOpenTelemetryTracerProvider(t => t.AddInMemoryExporter(new QueueCollection(Exported))));
            Start<transaction::Program>("transaction", ["/api/transactions"], new Dictionary<string, string>(common)
            {
                ["Authentication:Service:SigningKey"] = SorchaApp.GenerateSecret(),
            });
        }
    }

    /// <summary>The in-memory exporter writes into an ICollection; this one is safe to read while it writes.</summary>
    private sealed class QueueCollection(ConcurrentQueue<Activity> queue) : ICollection<Activity>
    {
        public int Count => queue.Count;

        public bool IsReadOnly => false;

        public void Add(Activity item) => queue.Enqueue(item);

        public void Clear() => queue.Clear();

        public bool Contains(Activity item) => queue.Contains(item);

        public void CopyTo(Activity[] array, int arrayIndex) => queue.CopyTo(array, arrayIndex);

        public bool Remove(Activity item) => throw new NotSupportedException();

        public IEnumerator<Activity> GetEnumerator() => queue.GetEnumerator();

        System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
