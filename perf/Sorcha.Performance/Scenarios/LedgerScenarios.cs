using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Performance.Engine;

namespace Sorcha.Performance.Scenarios;

/// <summary>A register and a client-held Ed25519 key, made in InitAsync; transactions are built and signed on the client.</summary>
public abstract class LedgerScenario : LoadScenario
{
    private TransactionSigner _signer = null!;
    private long _counter;

    protected SorchaClient Client { get; private set; } = null!;
    protected string RegisterId { get; private set; } = "";

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        Client = await CallerAsync(context, "load-" + Name, ct);
        _signer = TransactionSigner.Generate();
        RegisterId = (await Client.Registers.CreateAsync(Name, ct)).Id;
    }

    /// <summary>A signed transaction and the txId the client computed for it.</summary>
    protected SignedTransaction NewTransaction() =>
        _signer.Sign(RegisterId, new JsonObject { ["scenario"] = Name, ["n"] = Interlocked.Increment(ref _counter) });
}

/// <summary>POST a client-signed transaction; OK only for 201 carrying the txId the client computed.</summary>
public sealed class TransactionSubmission : LedgerScenario
{
    public override string Name => "transaction_submission";
    public override double DefaultRate => 25;

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var (transaction, txId) = NewTransaction();
        var submitted = await Client.Transactions.SubmitAsync(transaction, ct);
        context.Stored.Transaction();
        return Expect(submitted.Created, "submit: 200 (already committed) instead of 201")
               && Expect(submitted.Transaction.TxId == txId, "submit: not the txId computed on the client");
    }
}

/// <summary>GET a page of a register seeded with 1,000 committed transactions; OK only for a full page in sequence order.</summary>
public sealed class RegisterRead : LedgerScenario
{
    private const int Seeded = 1_000;
    private const int PageSize = 20;

    public override string Name => "register_read";
    public override double DefaultRate => 25;

    protected override async Task InitOnceAsync(LoadContext context, CancellationToken ct)
    {
        await base.InitOnceAsync(context, ct);
        var batch = Enumerable.Range(0, Seeded).Select(_ => NewTransaction()).ToArray();
        var results = await Client.Transactions.SubmitBatchAsync(batch.Select(b => b.Transaction), ct);
        var committed = results.Where((r, i) => r.Status == 201 && r.Transaction?.TxId == batch[i].TxId).Count();
        if (committed != Seeded)
        {
            throw new InvalidOperationException($"{Name}: seeding committed {committed} of {Seeded} transactions");
        }
    }

    public override async Task<bool> StepAsync(LoadContext context, CancellationToken ct)
    {
        var page = Random.Shared.Next(1, Seeded / PageSize + 1);
        var answer = await Client.Registers.GetTransactionsAsync(RegisterId, page, PageSize, ct);
        var first = (page - 1) * (long)PageSize;
        return Expect(answer.Items.Count == PageSize, $"page {page}: {answer.Items.Count} items")
               && Expect(answer.Items.Select(t => t.Sequence).SequenceEqual(Enumerable.Range(0, PageSize).Select(i => first + i)),
                   $"page {page}: not sequences {first}..{first + PageSize - 1}");
    }
}
