using Sorcha.Cryptography;

namespace Sorcha.Client;

/// <summary>
/// The payload of an action's transaction (metadata type <c>Action</c>): one envelope per disclosed participant, each
/// encrypting the JCS bytes of exactly the fields disclosed to it; open yours with <c>Wallets.DecryptAsync</c>.
/// <see cref="Attachments"/>: the action's files, absent when it had none. The Wallet service builds it from the
/// Blueprint service's request; no service reads it back as a record, so its one definition is here.
/// </summary>
public sealed record ActionPayload(IReadOnlyList<Envelope> Envelopes, IReadOnlyList<PayloadAttachment>? Attachments = null);

/// <summary>
/// One file of an action, as signed into its transaction: its name, media type, size in bytes and SHA-256 (lowercase
/// hex) in the clear, and one envelope of its bytes per recipient wallet (<c>GET
/// /api/instances/{id}/attachments/{txId}/{index}</c> hands a recipient its own).
/// </summary>
public sealed record PayloadAttachment(string Name, string ContentType, long Size, string Sha256, IReadOnlyList<Envelope> Envelopes);
