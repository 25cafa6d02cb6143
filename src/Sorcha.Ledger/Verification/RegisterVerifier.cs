using Sorcha.Ledger.Chain;
using Sorcha.Ledger.Dockets;

namespace Sorcha.Ledger.Verification;

/// <summary>
/// Verifies a register from its committed transactions (in sequence order) and dockets (in number order), pushed in
/// as they are read so a register never has to fit in memory: only the 32-byte txIds of transactions that no docket
/// has covered yet are kept. The two streams may be interleaved in any way (<see cref="VerifyAsync"/> interleaves
/// them to keep memory flat; an export file gives all transactions first). Per-transaction work — parsing, txId,
/// address and signature — runs in parallel batches; ordered checks follow, and the fault reported is always the
/// earliest in register order whatever the batching (see <see cref="Fault"/>). While the workers evaluate one batch,
/// the caller's thread runs the previous batch's ordered checks and reads the next, so those serial steps do not
/// leave cores idle.
/// </summary>
public sealed partial class RegisterVerifier
{
    private readonly RegisterVerifierOptions _options;
    private TransactionSlot[] _batch;
    private TransactionSlot[] _spare;
    private readonly PendingTxIds _pending = new();
    private readonly Queue<Docket> _unchecked = new();
    private readonly byte[] _chain = ChainHash.Genesis.ToArray();
    private readonly Cryptography.MerkleFrontier _tree = new();
    private bool _trustedDocketSeen;
    private string? _registerId;
    private int _batchCount;
    private long _received;
    private long _position;
    private bool _transactionsStopped;
    private bool _docketsStopped;
    private long _docketsReceived;
    private long _docketsChecked;
    private Docket? _lastDocket;
    private long _docketSignatures;
    private Fault? _fault;
    private readonly CancellationToken _cancellationToken;

    /// <param name="cancellationToken">Stops the work between and within batches (a client that went away).</param>
    public RegisterVerifier(RegisterVerifierOptions options, CancellationToken cancellationToken = default)
    {
        if (options.RegisterPublicKey.Length != 32 && !(options.SkipDocketSignatures && options.RegisterPublicKey.IsEmpty))
        {
            throw new ArgumentException("the register's 32-byte Ed25519 public key is required unless docket signatures are skipped", nameof(options));
        }

        if (options.TrustedDocket is { } trusted
            && DocketChecks.CheckSealed(trusted, options.SkipDocketSignatures ? default : options.RegisterPublicKey.Span) is { } untrusted)
        {
            throw new ArgumentException($"the trusted docket is not a sealed docket of this register: {untrusted}", nameof(options));
        }

        ArgumentOutOfRangeException.ThrowIfLessThan(options.BatchSize, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(options.MaxDegreeOfParallelism, 1);
        _options = options;
        _cancellationToken = cancellationToken;
        _registerId = options.RegisterId;
        _batch = new TransactionSlot[options.BatchSize];
        _spare = new TransactionSlot[options.BatchSize];
    }

    /// <summary>Transactions handed in so far (checked or waiting in the current batch).</summary>
    public long TransactionsReceived => _received;

    public VerificationStatistics Statistics => new(
        _position, _position, _position, _docketsChecked, _docketsChecked, _docketSignatures);

    /// <summary>Adds the next <c>CommittedTransaction</c> JSON; the memory must not change until <see cref="Complete"/>.</summary>
    public void AddTransaction(ReadOnlyMemory<byte> committedTransactionJson) =>
        Enqueue(new TransactionSlot { Json = committedTransactionJson });

    public void AddTransaction(CommittedTransaction transaction) =>
        Enqueue(new TransactionSlot { Committed = transaction });

    public void AddDocket(Docket docket)
    {
        _docketsReceived++;
        if (_docketsStopped)
        {
            return;
        }

        if (_fault is { } fault && Fault.KeyOf(docket) >= fault.Key)
        {
            // Cannot lower the reported fault; later dockets link to this one, so stop checking dockets here.
            _docketsStopped = true;
            return;
        }

        if (CheckArrivingDocket(docket) is { } reason)
        {
            Record(Fault.AtDocket(docket, reason));
            _docketsStopped = true;
            return;
        }

        _lastDocket = docket;
        _unchecked.Enqueue(docket);
        CheckCoveredDockets();
    }

    /// <summary>Finishes the last batch and the end-of-register checks.</summary>
    public VerificationResult Complete()
    {
        DispatchBatch();
        FinishEvaluatingBatch();
        CheckCoveredDockets();
        CheckEnd();
        if (_fault is not { } fault)
        {
            return new VerificationResult(true, _position, _docketsChecked);
        }

        // Count only what precedes the fault in register order, so the counts do not depend on input interleaving.
        var checkedTransactions = Math.Min(_position, (fault.Key + 1) / 2);
        return new VerificationResult(false, checkedTransactions, _docketsChecked, fault.Sequence, fault.Docket, fault.Reason);
    }

    private void Enqueue(TransactionSlot slot)
    {
        _received++;
        if (_transactionsStopped)
        {
            return;
        }

        _batch[_batchCount++] = slot;
        if (_batchCount == _batch.Length)
        {
            DispatchBatch();
        }
    }

    private void Record(Fault fault)
    {
        if (_fault is not { } current || fault.Key < current.Key)
        {
            _fault = fault;
        }
    }
}
