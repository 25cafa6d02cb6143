using System.Text.Json;
using System.Text.Json.Nodes;
using Microsoft.Playwright;
using Sorcha.Client;
using Sorcha.Contracts.Wallets;
using Sorcha.Cryptography;

namespace Sorcha.Benchmarks;

/// <summary>
/// From a step's 201 to the next participant's inbox showing it: the manager's inbox is open (circuit live); per sample
/// the employee starts an expense-approval instance (off the clock), then submits its first step through the API. In the
/// page a MutationObserver, set up before the submission, stamps performance.now() when the main table holds one more
/// instance link than before and one of them is this instance's (the row is in the DOM), and again in the next requestAnimationFrame callback (the frame
/// that paints it). The 201's arrival is stamped in this process when SubmitActionAsync returns (the response read and
/// parsed); the page's clock is aligned to this one just before each submission (<see cref="WebBrowser.ClockAsync"/>).
/// </summary>
internal static class WebInboxLatency
{
    private const string Rows = "main table a[href^='/instances/']";

    // The claim of tests/Sorcha.Testing/Samples.cs (ExpenseClaim), a valid first step.
    private static JsonObject Claim() => new()
    {
        ["employeeName"] = "Ada Lovelace", ["employeeEmail"] = "ada@example.com", ["expenseDate"] = "2025-03-14",
        ["category"] = "travel", ["amount"] = 1500, ["currency"] = "GBP", ["description"] = "Flights to the partner summit",
    };

    /// <summary>Each from the 201's arrival, in ms: the row in the DOM, its frame, the observer's answer back in this process.</summary>
    public sealed record Sample(double Dom, double Frame, double Answered, double ClockRoundTrip);

    public sealed record People(SorchaClient Employee, string BlueprintId, string RegisterId, Dictionary<string, string> Bindings);

    /// <summary>Wallets for the three participants (each their own caller), one register, the sample blueprint published.</summary>
    public static async Task<People> SetUpAsync(HttpClient http, string secret, string manager, string run)
    {
        var callers = new Dictionary<string, string> { ["employee"] = $"web-bench-employee-{run}", ["manager"] = manager, ["finance"] = $"web-bench-finance-{run}" };
        var bindings = new Dictionary<string, string>();
        foreach (var (participant, caller) in callers)
        {
            var wallet = await SorchaClient.ForDevCaller(http, caller, secret).Wallets.CreateAsync($"web bench {participant}", SignatureAlgorithm.ED25519);
            bindings[participant] = wallet.Address;
        }

        var employee = SorchaClient.ForDevCaller(http, callers["employee"], secret);
        var register = await employee.Registers.CreateAsync("web-bench");
        var created = await employee.Blueprints.CreateAsync(BlueprintDocuments.FromJson(await File.ReadAllTextAsync("samples/blueprints/expense-approval.json")));
        await employee.Blueprints.PublishAsync(created.Id!);
        return new People(employee, created.Id!, register.Id, bindings);
    }

    public static async Task<Sample> OnceAsync(IPage page, People people)
    {
        var instance = await people.Employee.Instances.CreateAsync(people.BlueprintId, people.RegisterId, people.Bindings);
        await Task.Delay(300); // the creation's own events re-read the manager's inbox (no new row): let that pass first
        await page.EvaluateAsync<int>("""
            ([rows, mine]) => {
              const count = () => document.querySelectorAll(rows).length;
              const before = count();
              window.__row = new Promise(resolve => {
                const seen = () => {
                  if (count() <= before || !document.querySelector(mine)) return;
                  const dom = performance.now();
                  observer.disconnect();
                  requestAnimationFrame(() => resolve({ dom, frame: performance.now() }));
                };
                const observer = new MutationObserver(seen);
                observer.observe(document.body, { childList: true, subtree: true });
              });
              return before;
            }
            """, new[] { Rows, $"main table a[href='/instances/{instance.InstanceId}']" });
        var (offset, roundTrip) = await WebBrowser.ClockAsync(page);
        var receipt = await people.Employee.Instances.SubmitActionAsync(instance.InstanceId, "submit", people.Bindings["employee"], Claim());
        var arrived = WebBrowser.Now() + offset; // on the page's clock
        if (receipt.NextActionId != "approve")
        {
            throw new InvalidOperationException($"the claim went to '{receipt.NextActionId}', not to the manager's approve");
        }

        var row = await page.EvaluateAsync<JsonElement>("() => window.__row");
        var answered = WebBrowser.Now() + offset; // the promise's answer back here: an upper bound, a Playwright round trip late
        return new Sample(row.GetProperty("dom").GetDouble() - arrived, row.GetProperty("frame").GetDouble() - arrived, answered - arrived, roundTrip);
    }
}
