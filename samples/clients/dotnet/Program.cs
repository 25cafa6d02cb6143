using Sorcha.Samples.Client;

// dotnet run --project samples/clients/dotnet -- [gateway]   (default http://localhost:5000)
// The development secret: SORCHA_DEV_CLIENT_SECRET, else src/Sorcha.AppHost/.data/dev-client-secret above the working
// directory. SORCHA_CALLER_PREFIX is put before the three client ids. Exit 0 only when both runs (approved straight
// through, and sent back once then approved) completed and their registers verified.
var gateway = new Uri(args.FirstOrDefault() ?? Environment.GetEnvironmentVariable("SORCHA_GATEWAY") ?? "http://localhost:5000");
var secret = Environment.GetEnvironmentVariable("SORCHA_DEV_CLIENT_SECRET") is { Length: > 0 } given
    ? given
    : (await File.ReadAllTextAsync(Repository.File("src/Sorcha.AppHost/.data/dev-client-secret"))).Trim();
var blueprint = await File.ReadAllTextAsync(Repository.File("samples/blueprints/expense-approval.json"));

var outcome = await ExpenseWorkflow.RunAsync(gateway, secret, blueprint,
    callerPrefix: Environment.GetEnvironmentVariable("SORCHA_CALLER_PREFIX") ?? "", log: Console.Out);
foreach (var (name, run) in new[] { ("approved", outcome.Approved), ("sent back", outcome.SentBack) })
{
    Console.WriteLine($"outcome ({name}): instance {run.InstanceId} {run.Status}, steps " +
        $"{string.Join(" ", run.Steps.Select(s => $"{s.ActionId}{(s.Rejected ? " (rejected)" : "")}"))}, register {run.RegisterId} " +
        $"valid {run.Valid} ({run.CheckedTransactions} transactions){(run.Reason is { } r ? ": " + r : "")}");
}

return outcome.Succeeded ? 0 : 1;
