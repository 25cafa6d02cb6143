using System.Globalization;
using Sorcha.Ledger.Verification;

namespace Sorcha.Verify;

/// <summary>The human-readable account of a verification run.</summary>
public static class VerificationReport
{
    public static async Task WriteAsync(
        TextWriter output, VerifyArguments arguments, RegisterVerifierOptions options,
        VerificationResult result, VerificationStatistics statistics, TimeSpan elapsed, TimeSpan cpu)
    {
        var c = CultureInfo.InvariantCulture;
        var docketSignatures = options.SkipDocketSignatures ? "docket signatures SKIPPED (no register key)" : $"{statistics.DocketSignatures} docket signatures";
        var perTransaction = statistics.Transactions == 0 ? 0 : elapsed.TotalMicroseconds / statistics.Transactions;
        await output.WriteLineAsync(string.Create(c, $"export        {arguments.ExportPath}"));
        await output.WriteLineAsync(string.Create(c, $"transactions  {statistics.Transactions} checked: {statistics.Transactions} txIds recomputed, {statistics.TransactionSignatures} signatures and sender addresses, {statistics.ChainLinks} chain links"));
        await output.WriteLineAsync(string.Create(c, $"dockets       {statistics.Dockets} checked: {statistics.MerkleRoots} Merkle roots, {statistics.Dockets} docket hashes and links, {docketSignatures}"));
        if (options.ExpectedHead is { } head)
        {
            await output.WriteLineAsync(string.Create(c, $"head          height {head.Height}, headChainHash {head.HeadChainHash} (from register.json)"));
        }

        if (options.TrustedDocket is { } trusted)
        {
            await output.WriteLineAsync(string.Create(c, $"trusted       docket {trusted.Number} (sequences 0..{trusted.LastSequence}, docketHash {trusted.DocketHash}) must be held unchanged"));
        }

        // CPU time too: on a busy machine wall time says more about the neighbours than about the verifier.
        await output.WriteLineAsync(string.Create(c, $"elapsed       {elapsed.TotalSeconds:0.000} s ({perTransaction:0.0} µs per transaction), CPU {cpu.TotalSeconds:0.000} s, {options.MaxDegreeOfParallelism} threads"));
        await output.WriteLineAsync(result.Valid
            ? "VALID"
            : string.Create(c, $"INVALID at {Where(result)}: {result.Reason}"));
    }

    private static string Where(VerificationResult result) => (result.FirstInvalidSequence, result.FirstInvalidDocket) switch
    {
        ({ } sequence, { } docket) => $"sequence {sequence} (docket {docket})",
        ({ } sequence, null) => $"sequence {sequence}",
        (null, { } docket) => $"docket {docket}",
        _ => "the end of the export",
    };
}
