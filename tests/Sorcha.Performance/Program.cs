using Sorcha.Performance.Engine;
using Sorcha.Performance.Scenarios;

// dotnet run -c Release --project tests/Sorcha.Performance -- --target http://localhost:5000 --duration 30
var options = RunOptions.Parse(args);
var all = Catalog.All();
var selected = options.Scenarios is null ? all : [.. all.Where(s => options.Scenarios.Contains(s.Name))];
using var cancel = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) => { e.Cancel = true; cancel.Cancel(); };

using var context = new LoadContext(options.Target, options.Secret);
Console.WriteLine($"init: {string.Join(", ", selected.Select(s => s.Name))}");
foreach (var scenario in selected)
{
    await scenario.InitAsync(context, cancel.Token);
}

Console.WriteLine($"load: {options.WarmUp.TotalSeconds:0} s warm-up, then {options.Duration.TotalSeconds:0} s measured, all scenarios at once");
var results = await Task.WhenAll(selected.Select(s =>
    OpenModelRunner.RunAsync(s, context, s.DefaultRate * options.RateScale, options.WarmUp, options.Duration, cancel.Token)));
var path = await RunReport.WriteAsync(options, results);
Console.WriteLine(RunReport.Markdown(results));
Console.WriteLine($"results: {path}");

// Exit 2 when the run itself failed (performance.md: an OK rate under 99.9 % is not a measurement).
return results.All(r => r.OkRate >= 0.999) ? 0 : 2;
