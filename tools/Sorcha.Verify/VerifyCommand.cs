using System.Diagnostics;
using System.Text.Json;
using Sorcha.Cryptography;
using Sorcha.Ledger.Formats;
using Sorcha.Ledger.Verification;

namespace Sorcha.Verify;

/// <summary>The offline verifier: checks an export end to end and prints what it checked. Exit 0 valid, 1 invalid, 2 usage/I/O.</summary>
public static class VerifyCommand
{
    public const int Valid = 0;
    public const int Invalid = 1;
    public const int UsageOrIoError = 2;

    public static async Task<int> RunAsync(string[] args, TextWriter output, TextWriter errors, CancellationToken cancellationToken = default)
    {
        if (!VerifyArguments.TryParse(args, out var arguments, out var usageError))
        {
            await errors.WriteLineAsync(usageError is null ? VerifyArguments.Usage : $"error: {usageError}\n\n{VerifyArguments.Usage}");
            return UsageOrIoError;
        }

        try
        {
            var options = await BuildOptionsAsync(arguments!, cancellationToken);
            if (options is null)
            {
                await errors.WriteLineAsync("error: the public key must be standard base64 of a 32-byte Ed25519 key");
                return UsageOrIoError;
            }

            var cpuBefore = Process.GetCurrentProcess().TotalProcessorTime;
            var stopwatch = Stopwatch.StartNew();
            var (result, statistics) = await ExportVerification.RunAsync(arguments!.ExportPath, options, cancellationToken);
            stopwatch.Stop();
            var cpu = Process.GetCurrentProcess().TotalProcessorTime - cpuBefore;
            await VerificationReport.WriteAsync(output, arguments, options, result, statistics, stopwatch.Elapsed, cpu);
            return result.Valid ? Valid : Invalid;
        }
        catch (ArgumentException e) when (e.ParamName == "options")
        {
            // The trusted docket itself does not check out (hash or signature): nothing to compare the export with.
            await errors.WriteLineAsync($"error: {e.Message}");
            return UsageOrIoError;
        }
        catch (ExportFormatException e)
        {
            await output.WriteLineAsync($"INVALID: {e.Message}");
            return Invalid;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException or JsonException or InvalidDataException)
        {
            await errors.WriteLineAsync($"error: {e.Message}");
            return UsageOrIoError;
        }
    }

    private static async Task<RegisterVerifierOptions?> BuildOptionsAsync(VerifyArguments arguments, CancellationToken cancellationToken)
    {
        var register = arguments.RegisterPath is null ? null : await RegisterFile.LoadAsync(arguments.RegisterPath, cancellationToken);
        var keyText = register?.PublicKey ?? arguments.PublicKey;
        var key = Array.Empty<byte>();
        if (keyText is not null && (!StrictBase64.TryDecode(keyText, out key) || key.Length != 32))
        {
            return null;
        }

        var trusted = arguments.TrustedDocketPath is null ? null : await TrustedDocketFile.LoadAsync(arguments.TrustedDocketPath, cancellationToken);
        return new RegisterVerifierOptions
        {
            TrustedDocket = trusted,
            RegisterId = register?.Id,
            RegisterPublicKey = key,
            SkipDocketSignatures = keyText is null,
            ExpectedHead = register?.Head,
            MaxDegreeOfParallelism = arguments.Parallelism ?? Environment.ProcessorCount,
        };
    }
}
