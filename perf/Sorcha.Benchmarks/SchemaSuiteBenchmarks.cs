using BenchmarkDotNet.Attributes;

namespace Sorcha.Benchmarks;

/// <summary>
/// Our JSON Schema engine against the reference library: time per evaluation of the JSON Schema Test Suite's valid instances, our engine (Evaluate, as the
/// Blueprint service calls it, with a fresh default work budget each time) against JsonSchema.Net 8.0.5 (flag output,
/// the cheapest it offers). Each invocation evaluates the same <see cref="Cases"/> instances, so the reported mean is
/// per evaluation. `dotnet run -c Release --project perf/Sorcha.Benchmarks -- --filter '*SchemaSuite*'`
/// </summary>
[MemoryDiagnoser]
public class SchemaSuiteBenchmarks
{
    private const int Cases = 600;

    private List<SchemaSuiteCases.Case> _cases = null!;

    [GlobalSetup]
    public void Setup() => _cases = SchemaSuiteCases.Load(Cases);

    [Benchmark(Baseline = true, OperationsPerInvoke = Cases)]
    public int Sorcha()
    {
        var valid = 0;
        foreach (var c in _cases)
        {
            valid += SchemaSuiteCases.Ours(c) ? 1 : 0;
        }

        return valid;
    }

    [Benchmark(OperationsPerInvoke = Cases)]
    public int JsonSchemaNet()
    {
        var valid = 0;
        foreach (var c in _cases)
        {
            valid += SchemaSuiteCases.Theirs(c) ? 1 : 0;
        }

        return valid;
    }
}
