using System.Text.Json.Nodes;
using Sorcha.Client;
using Sorcha.Contracts.Instances;

namespace Sorcha.Web.Components.Instances;

/// <summary>
/// One committed step as the page shows it: the transaction's own check (txId, address, signature: null when it
/// verifies, in the page, with the client's copy of the ledger's rules), what was disclosed to the person's wallets,
/// the rejection's reason, and the files they may open.
/// </summary>
public sealed record TimelineEntry(
    InstanceStep Step,
    string ActionTitle,
    string? SignatureProblem,
    JsonObject? Disclosed,
    string? Reason,
    IReadOnlyList<PayloadAttachment> Attachments,
    bool CanOpenAttachments);
