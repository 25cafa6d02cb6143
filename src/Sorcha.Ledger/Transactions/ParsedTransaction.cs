using Sorcha.Cryptography;

namespace Sorcha.Ledger.Transactions;

/// <summary>
/// A structurally valid submission. <see cref="RawJson"/> is the source of truth that registers store and return:
/// the submitted object's own bytes with only insignificant whitespace removed, so every string keeps its exact
/// spelling (escapes included), absent fields stay absent and numbers keep their lexical form. The other members are
/// decoded views of it.
/// </summary>
public sealed record ParsedTransaction(
    ReadOnlyMemory<byte> RawJson,
    string TxId,
    ReadOnlyMemory<byte> TxIdBytes,
    string RegisterId,
    string Sender,
    SignatureAlgorithm Algorithm,
    ReadOnlyMemory<byte> PublicKey,
    ReadOnlyMemory<byte> Signature,
    DateTimeOffset Timestamp,
    TransactionMetadata? Metadata);
