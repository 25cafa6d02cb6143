using Sorcha.Performance.Engine;
using Sorcha.Performance.Engine.Capacity;
using Sorcha.Performance.Scenarios;

// dotnet run -c Release --project perf/Sorcha.Performance -- --target http://localhost:5000 [--smoke] [--compare baseline.json]
// Options and modes: docs/performance.md, "Load tests". Exit: 0 pass, 1 regression, 2 the run itself failed.

// Socket completions run on the socket engine's thread, where WireTimedStream stamps a response's arrival before any
// thread-pool hop (then yields). Read once, at the first socket: so before anything else.
Environment.SetEnvironmentVariable("DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS", "1");
RunOptions options;
try
{
    options = RunOptions.Parse(args);
}
catch (Exception ex) when (ex is ArgumentException or FormatException or UriFormatException)
{
    Console.Error.WriteLine($"{ex.Message}\noptions: see docs/performance.md, \"Load tests\"");
    return 2;
}

var all = Catalog.All();
if (options.Scenarios?.FirstOrDefault(n => all.All(s => s.Name != n)) is { } unknown)
{
    Console.Error.WriteLine($"unknown scenario '{unknown}'; known: {string.Join(", ", all.Select(s => s.Name))}");
    return 2;
}

Scenario[] Select(Scenario[] catalog) => options.Scenarios is null ? catalog : [.. catalog.Where(s => options.Scenarios.Contains(s.Name))];
var selected = Select(all);
using var cancel = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) => { e.Cancel = true; cancel.Cancel(); };
try
{
    return options.BaselineFrom is not null ? await Modes.MergeBaselineAsync(options)
        : options.CompareOnly is not null ? await Modes.CompareOnlyAsync(options)
        : options.Capacity ? await CapacityMode.RunAsync(options, selected, cancel.Token)
        : await Modes.LoadAsync(options, () => Select(Catalog.All()), cancel.Token);
}
catch (TargetUnreachableException ex)
{
    Console.Error.WriteLine($"target unreachable: {ex.Message}");
    return 2;
}
#pragma warning disable CA1031 // a setup that throws (a scenario's init, a missing baseline) is a failed run: exit 2, not a crash
catch (Exception ex)
#pragma warning restore CA1031
{
    Console.Error.WriteLine($"run failed: {ex}");
    return 2;
}
